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
      else if (key === 'text') node.textContent = Ui.safe(value);
      else node.setAttribute(key, value === true ? '' : String(value));
    }
    for (const child of children.flat()) if (child !== null && child !== undefined) node.append(typeof child === 'string' ? Ui.safe(child) : child);
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
    node.textContent = Ui.safe(text);
  },

  /** A <select>'s options: [{value, label}]; keeps the selection when it is still offered. */
  fillSelect(select, options, selected) {
    const keep = selected === undefined ? select.value : selected;
    select.replaceChildren(...options.map((o) => Ui.el('option', { value: o.value, text: o.label })));
    if (options.some((o) => o.value === keep)) select.value = keep;
  },

  /** Errors as the engine gives them ({text, caret}) or plain messages, in an alert region. */
  showErrors(container, errors) {
    container.replaceChildren(...(errors || []).map((e) => {
      if (typeof e === 'string') return Ui.el('p', { text: e });
      const item = Ui.el('div', { class: 'error' }, Ui.el('p', { text: e.text }));
      if (e.caret) item.append(Ui.el('pre', { text: e.caret }));
      return item;
    }));
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
   * names (NS, EW) and cards with the suit symbols the page shows (KH: K♥).
   */
  playerWords(text, teams, description) {
    const symbols = Object.fromEntries(((description && description.deck.suits) || []).map((s) => [s.letter, s.symbol]));
    return text
      .replace(/\b(10|[2-9AKQJ])([SHDC])\b/g, (card, rank, suit) => (symbols[suit] ? `${rank}${symbols[suit]}` : card))
      .replace(/\b(NS|EW)\b/g, (team) => teams[team]);
  },

  /** The seats in the order the sheet names them, with their teams. */
  seats: ['N', 'E', 'S', 'W'],
  teamOf: (seat) => (seat === 'N' || seat === 'S' ? 'NS' : 'EW'),
};
