// What the page's parts share: making elements, showing the engine's errors
// (file:line:col and the caret line), and keeping state in localStorage.
'use strict';

const Ui = {
  byId: (id) => document.getElementById(id),

  /** An element with attributes (properties for on*, value, checked...) and children. */
  el(tag, attributes, ...children) {
    const node = document.createElement(tag);
    for (const [key, value] of Object.entries(attributes || {})) {
      if (value === undefined || value === null || value === false) continue;
      if (key.startsWith('on') || key === 'value' || key === 'checked' || key === 'disabled' || key === 'selected') node[key] = value;
      else if (key === 'text') Ui.setText(node, value);
      else node.setAttribute(key, value === true ? '' : String(value));
    }
    for (const child of children.flat()) {
      if (child === null || child === undefined) continue;
      if (typeof child === 'string') node.append(...Ui.isolated(Ui.safe(child), node));
      else node.append(child);
    }
    return node;
  },

  /**
   * Text a person gave (a ruleset's title, a kind's name, a sheet's comment)
   * as the page shows it: the controls that act on the screen or reorder
   * text (C0 and C1 controls but tab and line feed, bidirectional marks,
   * embeddings, overrides and isolates, line and paragraph separators)
   * written as \uXXXX, as belote escapes them. "\u202eelitsoh" stays that.
   */
  safe(text) {
    return String(text).replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]/g,
      (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  },
  setText(node, text) {
    node.replaceChildren(...Ui.isolated(Ui.safe(text), node));
  },

  /**
   * The teams' names in the page's text: each is isolated from the text
   * around it, so that a right-to-left name ("الأبطال") leaves the numbers,
   * colons and brackets beside it where they are written ("Eux 0, الأبطال 162").
   * Set by the page when a game's teams are known.
   */
  names: [],
  /**
   * Safe text as nodes: each team name in it isolated, in a <bdi> (not in
   * an <option>, which holds text only).
   */
  isolated(text, parent) {
    const names = Ui.names.filter((name) => name && text.includes(name));
    if (names.length === 0) return [text];
    const escape = (name) => name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    // A name stands alone: not a part of a longer word ("Eux" in "Eux-mêmes").
    const pattern = new RegExp(`(?<![\\p{L}\\p{N}])(?:${names.sort((a, b) => b.length - a.length).map(escape).join('|')})(?![\\p{L}\\p{N}])`, 'gu');
    if (parent && (parent.nodeName === 'TEXTAREA' || (parent.nodeName === 'BDI' && names.includes(text)))) return [text];
    // An option holds text only, whose characters a program reading it would meet: left as it is.
    if (parent && /^(OPTION|TITLE)$/.test(parent.nodeName)) return [text];
    const out = [];
    let last = 0;
    for (const found of text.matchAll(pattern)) {
      if (found.index > last) out.push(text.slice(last, found.index));
      const bdi = document.createElement('bdi');
      bdi.textContent = found[0];
      out.push(bdi);
      last = found.index + found[0].length;
    }
    if (last < text.length) out.push(text.slice(last));
    return out;
  },

  /** A <select>'s options: [{value, label}]; keeps the selection when it is still offered. */
  fillSelect(select, options, selected) {
    const keep = selected === undefined ? select.value : selected;
    select.replaceChildren(...options.map((o) => Ui.el('option', { value: o.value, text: o.label })));
    if (options.some((o) => o.value === keep)) select.value = keep;
  },

  /**
   * A select whose choice may be longer than the select is wide (a team's
   * name of 40 characters on a phone): its choice is written out in full
   * under it, wrapped, whenever the select cuts it.
   */
  showFullChoice(select) {
    let note = document.getElementById(`full-${select.id}`);
    if (!note) {
      note = Ui.el('p', { id: `full-${select.id}`, class: 'full-choice', 'aria-hidden': 'true', hidden: true });
      select.after(note);
      select.addEventListener('change', () => Ui.showFullChoice(select));
      select.addEventListener('input', () => Ui.showFullChoice(select));
      select.classList.add('has-full-choice');
    }
    const option = select.selectedOptions[0];
    const text = option ? option.textContent : '';
    if (!select.offsetParent || !text) {
      note.hidden = true;
      return;
    }
    const style = getComputedStyle(select);
    Ui.measure = Ui.measure || document.createElement('canvas').getContext('2d');
    Ui.measure.font = style.font;
    // The select's room for its text: its width less its padding and the arrow.
    const room = select.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight) - 20;
    const cut = Ui.measure.measureText(text).width > room;
    note.hidden = !cut;
    if (cut) Ui.setText(note, text);
  },
  /** Every such select under `root` looked at again (the page was laid out anew: a resize, a section opened). */
  showFullChoices(root = document) {
    for (const select of root.querySelectorAll('select.has-full-choice')) Ui.showFullChoice(select);
  },

  /** Errors as the engine gives them ({text, caret}) or plain messages, in an alert region. */
  showErrors(container, errors) {
    container.replaceChildren(...(errors || []).map((e) => {
      if (typeof e === 'string') return Ui.el('p', { text: e });
      const item = Ui.el('div', { class: 'error' }, Ui.el('p', { text: e.text }));
      if (e.caret) item.append(Ui.el('pre', { text: e.caret }));
      return item;
    }));
    // The caret lines keep their columns and may scroll sideways: the box then takes the keyboard.
    const scrolls = Boolean(container.querySelector('pre'));
    container.toggleAttribute('tabindex', scrolls);
    if (scrolls) {
      container.setAttribute('tabindex', '0');
      container.setAttribute('aria-label', 'Errors (the lines scroll sideways)');
    } else {
      container.removeAttribute('aria-label');
    }
  },

  /**
   * A Web Worker running `body(self, createBelote)` beside its own engine,
   * made from the page's own text (a page opened from disk may load no
   * worker file); `prelude` is script put before it.
   */
  engineWorker(body, prelude = '') {
    const source = `${beloteLibrary.toString()}\nconst { createBelote } = beloteLibrary();\n${prelude}(${body.toString()})(self, createBelote);\n`;
    const url = URL.createObjectURL(new Blob([source], { type: 'text/javascript' }));
    const worker = new Worker(url);
    URL.revokeObjectURL(url);
    return worker;
  },

  /** Text saved as a file, as the browser downloads it. */
  download(text, name, type) {
    const url = URL.createObjectURL(new Blob([text], { type }));
    const link = Ui.el('a', { href: url, download: name });
    document.body.append(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  },

  /** JSON kept across reloads; a value that does not read gives the fallback. */
  load(key, fallback) {
    try {
      const text = localStorage.getItem(key);
      return text === null ? fallback : JSON.parse(text);
    } catch (e) {
      return fallback;
    }
  },
  save(key, value) {
    try {
      localStorage.setItem(key, JSON.stringify(value));
    } catch (e) {
      // A browser that keeps nothing (private mode, full storage): the game still goes on.
    }
  },

  /**
   * The engine's text as the page speaks to players: the teams by their
   * names (NS, EW) and cards with the suit symbols the page shows (KH: K♥),
   * as is a suit named alone where the engine names one ("a trump on a ♣
   * lead", "trump ♦"), as `belote` writes them; a capital letter elsewhere
   * (a seat, a word) stays as it is.
   */
  playerWords(text, teams, description) {
    const symbols = Object.fromEntries(((description && description.deck.suits) || []).map((s) => [s.letter, s.symbol]));
    const suit = (whole, before, letter) => (symbols[letter] ? `${before}${symbols[letter]}` : whole);
    return text
      .replace(/\b(10|[2-9AKQJ])([SHDC])\b/g, (card, rank, letter) => (symbols[letter] ? `${rank}${symbols[letter]}` : card))
      .replace(/\b(an? )([SHDC])(?= lead\b)/g, suit)
      .replace(/\b(trump )([SHDC])(?![\p{L}\p{N}'’])/gu, suit)
      .replace(/\b(NS|EW)\b/g, (team) => teams[team]);
  },

  /** The engine's names of bids and announcements as a person writes them (carré, générale); the engine's own text keeps them plain. */
  spoken: (text) => String(text).replace(/\bcarre\b/g, 'carré').replace(/\bgenerale\b/g, 'générale'),

  /** The seats in the order the sheet names them, with their teams. */
  seats: ['N', 'E', 'S', 'W'],
  teamOf: (seat) => (seat === 'N' || seat === 'S' ? 'NS' : 'EW'),

  /** A kind a call names, as the mène form labels the contract it makes (♥, sans-atout). */
  kindLabel(name, description) {
    const kind = ((description && description.auction && description.auction.kinds) || []).find((k) => k.name === name);
    return kind ? description.contracts[kind.contract].label : name;
  },

  /** A contract in words (a table's contract, or a mène's in its history): "E (EW) takes 80 ♠, coinche; W leads". */
  contractWords(c, description) {
    const bid = c.bid === null || c.bid === undefined ? '' : `${Ui.spoken(Ui.playerWords(String(c.bid), { NS: 'NS', EW: 'EW' }, description))} `;
    const doubling = c.doubling ? `, ${description.doubling[c.doubling - 1].name}` : '';
    const forced = c.forced ? ' (everybody passed: the choice was forced)' : '';
    const takes = description.contract_test === 'none' ? 'chooses' : 'takes';
    return `${c.taker} (${Ui.teamOf(c.taker)}) ${takes} ${bid}${Ui.kindLabel(c.kind, description)}${doubling}${forced}; ${c.first} leads`;
  },
};
