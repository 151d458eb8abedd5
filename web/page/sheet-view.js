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
    // The rows already shown are kept while what they show is the same: a
    // mène added to a sheet of a thousand writes one row, not a thousand.
    if (this.context !== description || this.explanations !== explanations || JSON.stringify(teams) !== this.teamsKey) {
      this.context = description;
      this.explanations = explanations;
      this.teamsKey = JSON.stringify(teams);
      this.rows = [];
      this.body = Ui.el('tbody');
      this.table.replaceChildren(SheetView.head(teams, description, explanations), this.body, Ui.el('tfoot'));
    }
    const wanted = sheet.menes.map((mene) => {
      const other = compare && compare.sheet.menes[mene.mene - 1];
      const changed = Boolean(other && (other.written.NS !== mene.written.NS || other.written.EW !== mene.written.EW));
      return { mene, changed, key: SheetView.rowKey(mene, changed) };
    });
    let same = 0;
    while (same < this.rows.length && same < wanted.length && this.rows[same].key === wanted[same].key) ++same;
    for (const old of this.rows.splice(same)) old.nodes.forEach((node) => node.remove());
    for (const { mene, changed, key } of wanted.slice(same)) {
      const nodes = this.rowNodes(mene, changed, teams, description, explanations);
      this.body.append(...nodes);
      this.rows.push({ key, nodes });
    }
    const cell = SheetView.cell;
    const totals = Ui.el('tr', { class: 'totals' },
      Ui.el('td', { colspan: 6, class: 'left wide', text: `Totals (game ${SheetView.gameLength(sheet)}${SheetView.unitText(description)})` }),
      cell(teams.NS, sheet.totals.NS), cell(teams.EW, sheet.totals.EW),
      explanations ? Ui.el('td', { class: 'empty' }) : null,
      Ui.el('td', { class: 'left notes', text: SheetView.waiting(sheet) }));
    this.table.tFoot.replaceChildren(totals);
    Ui.setText(this.state, shown.state.trim());
    this.state.classList.toggle('won', sheet.winner !== null);
  }

  /** What a row shows, as a key: the row is written again only when it changes. */
  static rowKey(mene, changed) {
    if (mene.redeal) return JSON.stringify([mene.mene, 'redeal', mene.dealer, mene.next_dealer, mene.totals, mene.waiting, changed]);
    const o = mene.outcome;
    return JSON.stringify([mene.mene, mene.taker, mene.kind, mene.trump, mene.contract, mene.written, mene.totals,
      mene.suspended, mene.waiting, mene.received, o.bid, o.doubling, o.capot, o.held_over_to, o.explanation.length, changed]);
  }

  // Each cell carries its heading (data-label), which a phone shows beside it when the rows become cards.
  static cell(label, text, cls) {
    return Ui.el('td', { 'data-label': label, class: cls, text });
  }

  // Two header rows, as on the program's sheet: this mène's points, then the totals.
  static head(teams, description, explanations) {
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
    return Ui.el('thead', {}, groups, head);
  }

  /** A mène's row, and the row of its explanation where there is one. */
  rowNodes(mene, changed, teams, description, explanations) {
    const cell = SheetView.cell;
    if (mene.redeal) {
      // Everybody passed: nobody took, nothing is written, the totals stand.
      const notes = [`everybody passed; ${mene.next_dealer} deals`];
      if (mene.waiting > 0) notes.push(`${mene.waiting} waiting`);
      return [Ui.el('tr', { class: changed ? 'changed redeal' : 'redeal' },
        cell('Mène', mene.mene, 'mene-number'), cell('Taker', '—', 'left'),
        cell(SheetView.contractHeading(description), '—', 'left play'), cell('Result', 'redeal', 'left'),
        cell(teams.NS, 0), cell(teams.EW, 0),
        cell(`Total ${teams.NS}`, mene.totals.NS), cell(`Total ${teams.EW}`, mene.totals.EW),
        explanations ? Ui.el('td', { class: 'why' }) : null,
        Ui.el('td', { class: 'left notes', text: notes.join('; ') }))];
    }
    const row = Ui.el('tr', { class: changed ? 'changed' : null },
      cell('Mène', mene.mene, 'mene-number'),
      Ui.el('td', { class: 'left', 'data-label': 'Taker' }, `${mene.taker} `, Ui.el('span', { class: 'team-name', text: teams[Ui.teamOf(mene.taker)] })),
      cell(SheetView.contractHeading(description), SheetView.contractLabel(mene, description), 'left play'),
      cell('Result', mene.contract === null ? 'void' : mene.contract, 'left'),
      cell(teams.NS, mene.written.NS), cell(teams.EW, mene.written.EW),
      cell(`Total ${teams.NS}`, mene.totals.NS), cell(`Total ${teams.EW}`, mene.totals.EW));
    const notes = Ui.el('td', { class: 'left notes', text: SheetView.notes(mene, teams, description) });
    if (!explanations) {
      row.append(notes);
      return [row];
    }
    // The explanation's steps are written when first asked for: a long sheet has thousands.
    const stepsCell = Ui.el('td', { colspan: 10 });
    const steps = Ui.el('tr', { class: 'explanation', hidden: true, id: `why-${mene.mene}` }, stepsCell);
    const button = Ui.el('button', { type: 'button', class: 'secondary', text: 'Why?', 'aria-expanded': 'false',
      'aria-controls': steps.id, 'aria-label': `Why mène ${mene.mene} scores so`, onclick: () => {
        if (!stepsCell.firstChild) stepsCell.append(Ui.el('ol', {}, SheetView.explanation(mene, teams, description).map((text) => Ui.el('li', { text }))));
        steps.hidden = !steps.hidden;
        button.setAttribute('aria-expanded', String(!steps.hidden));
      } });
    row.append(Ui.el('td', { class: 'why' }, button), notes);
    return [row, steps];
  }

  /**
   * The engine's explanation in the page's words: the teams by their names,
   * cards with their suit symbols, and no trick count where the sheet was
   * given none (the engine then counts tricks from the points, which the table never said).
   */
  static explanation(mene, teams, description) {
    return mene.outcome.explanation.map((step) =>
      Ui.playerWords(mene.tricks_given ? step.text : step.text.replace(/ \(\d+ tricks?\)/g, ''), teams, description));
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

  /** How long the game is, as `belote sheet show` says it: "to 1000", "of 16 mènes (3 played)", "to 1500 or 16 mènes (3 played)". */
  static gameLength(sheet) {
    const played = sheet.played;
    if (sheet.target === null) return `of ${sheet.deals} mènes (${played} played)`;
    if (sheet.deals) return `to ${sheet.target} or ${sheet.deals} mènes (${played} played)`;
    return `to ${sheet.target}`;
  }

  /** The sheet's unit where it is not one point (a board that counts tens). */
  static unitText(description) {
    const unit = description ? description.game.unit : 1;
    if (unit === 1) return '';
    return unit === 10 ? ', in tens of points' : `, in units of ${unit} points`;
  }

  /** What the row's numbers do not say, as `belote sheet show` notes it: capot, void deal, a revoke, held-over points. */
  static notes(mene, teams, description) {
    const notes = [];
    const outcome = mene.outcome;
    if (mene.contract === null) notes.push('dealt again');
    // A played mène scored by the ruleset's revoke rule: the row's numbers are the rule's, not the play's.
    if (outcome.revoke) notes.push(`revoke by ${outcome.revoke.seat} (${teams[outcome.revoke.team]})`);
    // A capot that earned the pit's roem (klaverjas) is a pit; the roem of the tricks is noted beside the points it is added to.
    const pit = outcome.capot && outcome.roem && description && description.roem && description.roem.pit > 0;
    if (outcome.capot) notes.push(`${pit ? 'pit' : 'capot'} ${teams[outcome.capot]}`);
    if (outcome.roem && (outcome.roem.NS || outcome.roem.EW)) notes.push(`roem ${teams.NS} ${outcome.roem.NS}, ${teams.EW} ${outcome.roem.EW}`);
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
