// The sheet as a table: each mène's taker, what it was played in (kind or
// trump, bid, doubling), what each team writes and the running totals in the
// ruleset's units, with notes (capot, points held over and who took them) and
// the engine's explanation of the mène on demand; then where the game stands.
// All of it comes from `belote sheet show` as JSON.
'use strict';

class SheetView {
  constructor(table, state) {
    this.table = table;
    this.state = state;
  }

  /**
   * shown: the reply of belote.sheetShow; description: the ruleset's
   * (for the contracts' labels); compare: another reply, whose differing rows are marked.
   */
  render(shown, description, { compare, explanations = true } = {}) {
    const sheet = shown.sheet;
    const teams = sheet.teams;
    // Two header rows, as on the program's sheet: this mène's points, then the totals.
    const groups = Ui.el('tr', {}, Ui.el('td', { colspan: 4 }),
      Ui.el('th', { scope: 'colgroup', colspan: 2, class: 'group', text: 'this mène' }),
      Ui.el('th', { scope: 'colgroup', colspan: 2, class: 'group', text: 'totals' }));
    const head = Ui.el('tr', {},
      Ui.el('th', { scope: 'col', text: 'Mène' }), Ui.el('th', { scope: 'col', class: 'left', text: 'Taker' }),
      Ui.el('th', { scope: 'col', class: 'left', text: SheetView.contractHeading(description) }),
      Ui.el('th', { scope: 'col', class: 'left', text: 'Result' }),
      Ui.el('th', { scope: 'col', class: 'ns', text: teams.NS }), Ui.el('th', { scope: 'col', class: 'ew', text: teams.EW }),
      Ui.el('th', { scope: 'col', class: 'ns', text: teams.NS }), Ui.el('th', { scope: 'col', class: 'ew', text: teams.EW }),
      explanations ? Ui.el('th', { scope: 'col', text: 'Why' }) : null,
      Ui.el('th', { scope: 'col', class: 'left', text: 'Notes' }));
    const body = Ui.el('tbody');
    for (const mene of sheet.menes) {
      const other = compare && compare.sheet.menes[mene.mene - 1];
      const changed = other && (other.written.NS !== mene.written.NS || other.written.EW !== mene.written.EW);
      const row = Ui.el('tr', { class: changed ? 'changed' : null },
        Ui.el('td', { text: mene.mene }),
        Ui.el('td', { class: 'left' }, `${mene.taker} `, Ui.el('span', { class: 'team-name', text: teams[Ui.teamOf(mene.taker)] })),
        Ui.el('td', { class: 'left play', text: SheetView.contractLabel(mene, description) }),
        Ui.el('td', { class: 'left', text: mene.contract === null ? 'void' : mene.contract }),
        Ui.el('td', { text: mene.written.NS }), Ui.el('td', { text: mene.written.EW }),
        Ui.el('td', { text: mene.totals.NS }), Ui.el('td', { text: mene.totals.EW }));
      const notes = Ui.el('td', { class: 'left', text: SheetView.notes(mene, teams) });
      body.append(row);
      if (!explanations) {
        row.append(notes);
        continue;
      }
      const steps = Ui.el('tr', { class: 'explanation', hidden: true, id: `why-${mene.mene}` },
        Ui.el('td', { colspan: 10 }, Ui.el('ol', {}, mene.outcome.explanation.map((s) => Ui.el('li', { text: s.text })))));
      const button = Ui.el('button', { type: 'button', class: 'secondary', text: 'Why?', 'aria-expanded': 'false',
        'aria-controls': steps.id, 'aria-label': `Why mène ${mene.mene} scores so`, onclick: () => {
          steps.hidden = !steps.hidden;
          button.setAttribute('aria-expanded', String(!steps.hidden));
        } });
      row.append(Ui.el('td', {}, button), notes);
      body.append(steps);
    }
    const totals = Ui.el('tr', { class: 'totals' },
      Ui.el('td', { colspan: 6, class: 'left', text: `Totals (game to ${sheet.target}${SheetView.unitText(description)})` }),
      Ui.el('td', { text: sheet.totals.NS }), Ui.el('td', { text: sheet.totals.EW }),
      explanations ? Ui.el('td') : null,
      Ui.el('td', { class: 'left', text: SheetView.waiting(sheet) }));
    this.table.replaceChildren(Ui.el('thead', {}, groups, head), body, Ui.el('tfoot', {}, totals));
    this.state.textContent = shown.state.trim();
    this.state.classList.toggle('won', sheet.winner !== null);
  }

  /** "Trump" where every mène is played in a trump suit with no bid or doubling, else "Played in" (a kind, a bid). */
  static contractHeading(description) {
    const onlyTrumps = description && description.contracts.every((c) => Object.keys(c.keys).join() === 'trump');
    return onlyTrumps && description.bids.length === 0 && description.doubling.length === 0 ? 'Trump' : 'Played in';
  }

  /** What the mène was played in, as the ruleset's description labels it, with its bid and doubling. */
  static contractLabel(mene, description) {
    const keys = { kind: mene.kind, trump: mene.trump };
    const found = description && description.contracts.find((c) => Object.entries(c.keys).every(([k, v]) => keys[k] === v));
    const parts = [found ? found.label : mene.trump || mene.kind];
    if (mene.outcome.bid !== null) parts.push(String(mene.outcome.bid));
    if (mene.outcome.doubling !== null) parts.push(mene.outcome.doubling);
    return parts.join(' ');
  }

  /** The sheet's unit where it is not one point (a board that counts tens). */
  static unitText(description) {
    const unit = description ? description.game.unit : 1;
    if (unit === 1) return '';
    return unit === 10 ? ', in tens of points' : `, in units of ${unit} points`;
  }

  /** What the row's numbers do not say, as `belote sheet show` notes it: capot, void deal, held-over points. */
  static notes(mene, teams) {
    const notes = [];
    const outcome = mene.outcome;
    if (mene.contract === null) notes.push('dealt again');
    if (outcome.capot) notes.push(`capot ${teams[outcome.capot]}`);
    if (mene.received.length && outcome.held_over_to) {
      const points = mene.received.reduce((sum, r) => sum + r.points, 0);
      notes.push(`+${points} from ${SheetView.menesList(mene.received)} to ${teams[outcome.held_over_to]}`);
    }
    if (mene.suspended > 0) notes.push(`${mene.suspended} held over`);
    if (mene.waiting > 0 && (mene.contract === null || mene.waiting !== mene.suspended)) notes.push(`${mene.waiting} waiting`);
    return notes.join('; ');
  }

  /** "mène 3", "mènes 2 and 3", "mènes 1, 2 and 4". */
  static menesList(held) {
    const numbers = held.map((h) => h.mene);
    if (numbers.length === 1) return `mène ${numbers[0]}`;
    return `mènes ${numbers.slice(0, -1).join(', ')} and ${numbers.at(-1)}`;
  }

  static waiting(sheet) {
    const points = sheet.waiting.reduce((sum, h) => sum + h.points, 0);
    return points ? `${points} held over` : '';
  }
}
