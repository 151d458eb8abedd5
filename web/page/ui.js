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
      else if (key === 'text') node.textContent = value;
      else node.setAttribute(key, value === true ? '' : String(value));
    }
    for (const child of children.flat()) if (child !== null && child !== undefined) node.append(child);
    return node;
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

  /** The seats in the order the sheet names them, with their teams. */
  seats: ['N', 'E', 'S', 'W'],
  teamOf: (seat) => (seat === 'N' || seat === 'S' ? 'NS' : 'EW'),
};
