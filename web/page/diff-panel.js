// Two rulesets compared on random deals, in a Web Worker so the page stays
// responsive: a progress bar while the engine scores, then a chart a player
// reads at a glance (the share of deals that change, and how far scores move).
'use strict';

// The worker's code. It runs from the text of beloteLibrary and of this
// function, joined into a Blob: a page opened from disk may load no worker file.
function diffWorker(scope, createBelote) {
  const ready = createBelote();
  scope.onmessage = async (event) => {
    const { a, b, seed, count, pasted } = event.data;
    try {
      const belote = await ready;
      for (const p of pasted) belote.loadRulesetText(p.text, { display: p.display, register: true });
      let summary = belote.diffBegin(a, b, { seed, count });
      const step = Math.max(1000, Math.min(50000, Math.ceil(count / 100)));
      const started = performance.now();
      while (!summary.done) {
        summary = belote.diffStep(step);
        scope.postMessage({ summary, seconds: (performance.now() - started) / 1000 });
      }
    } catch (error) {
      scope.postMessage({ error: String(error && error.message ? error.message : error) });
    }
  };
}

class DiffPanel {
  constructor() {
    this.progress = Ui.byId('diff-progress');
    this.result = Ui.byId('diff-result');
    this.errors = Ui.byId('diff-errors');
    this.button = Ui.byId('diff-run');
    this.cancelButton = Ui.byId('diff-cancel');
    this.button.addEventListener('click', () => this.run());
    this.cancelButton.addEventListener('click', () => this.cancel());
  }

  // A long comparison is stopped by ending its worker; the next one starts a fresh worker.
  cancel() {
    if (!this.thread) return;
    this.thread.terminate();
    this.thread = null;
    this.running(false);
    Ui.setText(this.result, `Comparison stopped after ${this.progress.value.toLocaleString('en')} of ${this.progress.max.toLocaleString('en')} deals.`);
    this.button.focus();
  }

  running(yes) {
    this.button.disabled = yes;
    this.cancelButton.hidden = !yes;
  }

  fill(options) {
    Ui.fillSelect(Ui.byId('diff-a'), options, Ui.byId('diff-a').value || 'classique');
    Ui.fillSelect(Ui.byId('diff-b'), options, Ui.byId('diff-b').value || 'traditionnelle');
  }

  worker() {
    if (!this.thread) this.thread = Ui.engineWorker(diffWorker);
    return this.thread;
  }

  run() {
    const a = Ui.byId('diff-a').value;
    const b = Ui.byId('diff-b').value;
    // Digits only: "1e3" is no number of deals, though a browser's number field takes it.
    const typed = Ui.byId('diff-count');
    const count = !typed.validity.badInput && /^[0-9]{1,8}$/.test(typed.value.trim()) ? Number(typed.value.trim()) : NaN;
    const seed = Ui.byId('diff-seed').value.trim();
    if (!Number.isInteger(count) || count < 1 || count > 10000000) {
      Ui.showErrors(this.errors, ['Deals: a whole number from 1 to 10,000,000, digits only.']);
      return;
    }
    Ui.showErrors(this.errors, []);
    this.result.replaceChildren();
    this.progress.max = count;
    this.progress.value = 0;
    this.running(true);
    const worker = this.worker();
    worker.onmessage = (event) => {
      if (event.data.error) {
        Ui.showErrors(this.errors, [event.data.error]);
        this.running(false);
        return;
      }
      const { summary, seconds } = event.data;
      this.progress.value = summary.deals;
      if (!summary.done) return;
      this.running(false);
      this.show(summary, seconds);
    };
    worker.postMessage({ a, b, seed, count, pasted: Ui.load('belote.pasted', []) });
  }

  show(s, seconds) {
    const [a, b] = s.rulesets;
    const percent = (n) => `${(100 * n / s.deals).toFixed(2)}%`;
    const headline = `${percent(s.differing)} of deals score differently under ${b} than under ${a}`;
    this.result.replaceChildren(
      Ui.el('p', { class: 'headline', id: 'diff-headline', text: `${headline}.` }),
      Ui.el('p', { class: 'legend', text: `${s.differing.toLocaleString('en')} of ${s.deals.toLocaleString('en')} random deals (seed ${s.seed}), scored in ${seconds.toFixed(2)} s.` }),
      DiffPanel.shareBar(s, headline, this.chartWidth()),
      Ui.el('h3', { text: 'How far a team’s score moves, when it moves' }),
      DiffPanel.histogram(s, this.chartWidth()));
  }

  // The charts are drawn at the width they are shown at, so that their 12 px text stays 12 px on a phone.
  chartWidth() {
    return Math.round(Math.max(300, Math.min(600, this.result.clientWidth || 600)));
  }

  // One bar, 100% of the deals: unchanged, then each kind of change.
  static shareBar(s, label, width = 600) {
    const parts = [
      { name: 'unchanged', count: s.deals - s.differing, color: '#c9ced6' },
      { name: 'void or not', count: s.by_kind.void, color: '#6b4c9a' },
      { name: 'other winner of the announcements', count: s.by_kind.winner, color: '#b0452c' },
      { name: 'other contract result', count: s.by_kind.contract, color: '#d98b2b' },
      { name: 'score only', count: s.by_kind.score, color: '#1f5f8b' },
    ];
    const svg = DiffPanel.svg(width, 40 + 20 * parts.length, `${label}: ${parts.map((p) => `${p.name} ${p.count}`).join(', ')}`);
    let x = 0;
    parts.forEach((p, i) => {
      const w = width * p.count / Math.max(1, s.deals);
      if (w > 0) svg.append(DiffPanel.svgEl('rect', { x, y: 0, width: Math.max(w, 1), height: 28, fill: p.color }));
      x += w;
      svg.append(DiffPanel.svgEl('rect', { x: 0, y: 40 + 20 * i, width: 12, height: 12, fill: p.color }),
        DiffPanel.svgText(18, 50 + 20 * i, `${p.name}: ${p.count.toLocaleString('en')} (${(100 * p.count / Math.max(1, s.deals)).toFixed(2)}%)`));
    });
    return svg;
  }

  // Moves of each team's score in bins of 20 points, the last bin open-ended.
  static histogram(s, width = 600) {
    const binWidth = 20;
    const binCount = 16;
    // On a narrow chart every fourth bin is labelled, so that the labels do not run into each other.
    const labelEvery = width < 450 ? 4 : 2;
    const bins = (moves) => {
      const out = new Array(binCount).fill(0);
      moves.forEach((n, i) => { out[Math.min(Math.floor(i * s.moves.bin / binWidth), binCount - 1)] += n; });
      return out;
    };
    const ns = bins(s.moves.NS);
    const ew = bins(s.moves.EW);
    const highest = Math.max(1, ...ns, ...ew);
    const height = 220, left = 44, bottom = 40, top = 10;
    const plotWidth = width - left - 8, plotHeight = height - bottom - top;
    const slot = plotWidth / binCount;
    const label = `Histogram of score moves: NS moved on ${s.score_change.NS.moved} deals, EW on ${s.score_change.EW.moved}; ` +
      `mean move NS ${s.score_change.NS.mean_move.toFixed(1)}, EW ${s.score_change.EW.mean_move.toFixed(1)} points`;
    const svg = DiffPanel.svg(width, height + 20, label);
    const legendGap = Math.min(200, (width - left) / 2);
    svg.append(DiffPanel.svgEl('line', { class: 'axis', x1: left, y1: top + plotHeight, x2: width - 8, y2: top + plotHeight }),
      DiffPanel.svgEl('line', { class: 'axis', x1: left, y1: top, x2: left, y2: top + plotHeight }),
      DiffPanel.svgText(left - 4, top + 10, highest.toLocaleString('en'), 'end'),
      DiffPanel.svgText(left - 4, top + plotHeight, '0', 'end'));
    for (let i = 0; i < binCount; ++i) {
      const x = left + i * slot;
      [[ns[i], 'bar-ns', 1], [ew[i], 'bar-ew', slot / 2]].forEach(([n, cls, offset]) => {
        const h = plotHeight * n / highest;
        if (n > 0) svg.append(DiffPanel.svgEl('rect', { class: cls, x: x + offset, y: top + plotHeight - h, width: slot / 2 - 2, height: Math.max(h, 1) }));
      });
      if (i % labelEvery === 0) svg.append(DiffPanel.svgText(x + slot / 2, top + plotHeight + 14, i === binCount - 1 ? `${i * binWidth}+` : `${i * binWidth + 1}`, 'middle'));
    }
    svg.append(DiffPanel.svgText(left + plotWidth / 2, top + plotHeight + 32, 'points moved (from)', 'middle'),
      DiffPanel.svgEl('rect', { class: 'bar-ns', x: left, y: height + 6, width: 12, height: 12 }),
      DiffPanel.svgText(left + 16, height + 16, `NS (${s.score_change.NS.moved.toLocaleString('en')} deals)`),
      DiffPanel.svgEl('rect', { class: 'bar-ew', x: left + legendGap, y: height + 6, width: 12, height: 12 }),
      DiffPanel.svgText(left + legendGap + 16, height + 16, `EW (${s.score_change.EW.moved.toLocaleString('en')} deals)`));
    return svg;
  }

  static svg(width, height, label) {
    const svg = DiffPanel.svgEl('svg', { viewBox: `0 0 ${width} ${height}`, role: 'img', 'aria-label': label });
    svg.append(DiffPanel.svgEl('title', {}, label));
    return svg;
  }

  static svgEl(tag, attributes, text) {
    const node = document.createElementNS('http://www.w3.org/2000/svg', tag);
    for (const [key, value] of Object.entries(attributes)) node.setAttribute(key, String(value));
    if (text !== undefined) node.textContent = Ui.safe(text);
    return node;
  }

  static svgText(x, y, text, anchor = 'start') {
    return DiffPanel.svgEl('text', { x, y, 'text-anchor': anchor }, text);
  }
}
