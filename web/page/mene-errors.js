// A refused mène told in the player's words, at the field that caused it.
// The engine speaks of the [[mene]] table it was given ("'points.EW' must be
// an integer from 0 to 162 (a capot is written capot = "NS" or "EW")"); the
// player never saw that table, only the form. Each message is put under its
// field with the field's name, the teams by their names and cards with their
// suit symbols, without the file's name, the mène's key or TOML syntax.
'use strict';

const MeneErrors = {
  // The form's field for each key of a mène, and what the player calls it.
  fields: {
    taker: ['m-taker', 'Taker'],
    kind: ['m-contract', 'Played in'],
    trump: ['m-contract', 'Trump'],
    bid: ['m-bid', 'Bid'],
    doubling: ['m-doubling', 'Doubling'],
    points: ['m-points', 'Card points'],
    tricks: ['m-tricks', 'Tricks'],
    capot: ['m-capot', 'Capot'],
    belote: ['m-belote', 'Belote'],
    first: ['m-first', 'First to speak'],
    auction: ['m-dealer', 'Auction'],
  },
  // What a missing key asks of the player.
  missing: {
    bid: 'choose the bid',
    points: 'enter the card points of one team, or choose a capot',
    taker: 'choose the taker',
    kind: 'choose what the mène is played in',
    trump: 'choose the trump',
  },

  /** The field a key path names ("points.EW", "announcements.N") and its name for the player. */
  field(path, { teams }) {
    const [key, who] = path.split('.');
    if (key === 'announcements') {
      if (who === 'NS' || who === 'EW') return { id: `m-team-ann-${who}`, name: `Announcements of ${teams[who]}` };
      return { id: `m-ann-${who}-kind`, name: `${who}'s announcements` };
    }
    if (key === 'roem') {
      const team = who === 'EW' ? 'EW' : 'NS';
      return { id: `m-roem-${team}`, name: who ? `Roem of ${teams[team]}` : 'Roem' };
    }
    const known = MeneErrors.fields[key];
    return known ? { id: known[0], name: known[1] } : null;
  },

  /** The engine's message in the player's words: {id (the field, or null), text}. */
  translate(error, context) {
    if (error.field) return { id: error.field, text: error.words }; // found by the form itself
    let message = (typeof error === 'string' ? error : error.message || error.text).replace(/^.*?mène \d+ not added: /, '');
    let path = null;
    const missing = message.match(/^missing key '([\w.]+)'\s*(.*)$/);
    const keyed = message.match(/^'([\w.]+)'[:]?\s*(.*)$/);
    if (missing) {
      path = missing[1];
      // The engine's hint after the key, bracketed or after a colon: what the key holds, in words.
      let hint = missing[2].replace(/^:\s*/, '').replace(/^\((.*)\)$/, '$1').replace(/\.$/, '');
      if (MeneErrors.isSyntax(hint)) hint = '';
      const asked = MeneErrors.missing[path] || MeneErrors.missing[path.split('.')[0]];
      if (asked) message = hint ? `${asked} (${hint})` : asked;
      else message = `${hint || `the ${path.split('.').at(-1)}`} is missing`;
    } else if (keyed) {
      [, path, message] = keyed;
    }
    message = MeneErrors.words(message, context);
    const field = path && MeneErrors.field(path, context);
    if (!field) return { id: null, text: MeneErrors.capital(message) };
    return { id: document.getElementById(field.id) ? field.id : null, text: `${field.name}: ${message}` };
  },

  /** A parenthesis of TOML (a key's value, a [table]) or of the project's files, which the page neither shows nor carries. */
  isSyntax: (text) => /=|\.toml|\.md\b|docs\/|^\[[\w.-]+\]$/.test(text),

  /** Without TOML asides, with the teams' names and the cards' suit symbols. */
  words(message, { teams, description }) {
    return Ui.playerWords(message.replace(/\s*\(([^()]*)\)/g, (whole, inner) => (MeneErrors.isSyntax(inner) ? '' : whole)),
      teams, description);
  },

  capital: (text) => text.charAt(0).toUpperCase() + text.slice(1),

  /** Marks a field as wrong with a message under it, or clears it (message ''). */
  mark(field, message) {
    if (!field) return;
    const holder = field.closest('.seat-announcements') || field.closest('.field') || field;
    const id = `${field.id}-error`;
    let note = document.getElementById(id);
    if (!message) {
      if (note) note.remove();
      field.removeAttribute('aria-invalid');
      field.removeAttribute('aria-describedby');
      return;
    }
    if (!note) {
      note = Ui.el('p', { id, class: 'field-error' });
      holder.after(note);
    }
    Ui.setText(note, message);
    field.setAttribute('aria-invalid', 'true');
    field.setAttribute('aria-describedby', id);
  },

  /** Clears every field's mark in the form. */
  clear(form) {
    for (const field of form.querySelectorAll('[aria-invalid="true"]')) MeneErrors.mark(field, '');
  },

  /**
   * Shows the errors of a refused mène: each under its field (one message a
   * field: the other team's points follow from the ones typed), all of them
   * in the summary. Focus goes to the first field to correct.
   */
  show(form, summary, errors, context) {
    MeneErrors.clear(form);
    const seen = new Set();
    const lines = [];
    for (const error of errors) {
      const { id, text } = MeneErrors.translate(error, context);
      if (id && seen.has(id)) continue;
      if (id) {
        seen.add(id);
        MeneErrors.mark(document.getElementById(id), text);
      }
      lines.push(text);
    }
    Ui.showErrors(summary, lines.length ? [`The mène is not added. ${lines[0]}`, ...lines.slice(1)] : []);
    const first = [...seen][0];
    if (first) MeneErrors.focus(form, document.getElementById(first));
  },

  /** Focus on the field to correct; where the mark is on words (where the auction stands), on the first control after them. */
  focus(form, field) {
    const controls = 'input, select, textarea, button, [tabindex]';
    const target = field.matches(controls) ? field : [...form.querySelectorAll(controls)].find((c) =>
      !c.disabled && c.offsetParent && (field.compareDocumentPosition(c) & Node.DOCUMENT_POSITION_FOLLOWING));
    if (target) target.focus();
  },
};
