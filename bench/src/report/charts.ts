// Small, dependency-free SVG charts; the HTML page must render offline and self-contained.

export const esc = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

const PALETTE = ["#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#9c755f"];
export const seriesColor = (i: number) => PALETTE[i % PALETTE.length]!;

export interface Series {
  name: string;
  values: (number | null)[];
  color?: string;
}

export interface BarChartSpec {
  title: string;
  groups: string[];
  series: Series[];
  /** Top of the y axis; defaults to the largest value. */
  yMax?: number;
  format?: (v: number) => string;
  width?: number;
  height?: number;
}

/** The next round number (1, 2, 2.5 or 5 times a power of ten, times 4 for the gridlines) above v. */
function niceCeil(v: number): number {
  const step = v / 4;
  const p = 10 ** Math.floor(Math.log10(step));
  const m = [1, 2, 2.5, 5, 10].find((k) => k * p >= step)!;
  return 4 * m * p;
}

/** Grouped vertical bars with a y axis, value labels and a legend. */
export function barChart(spec: BarChartSpec): string {
  const W = spec.width ?? 720;
  const H = spec.height ?? 300;
  const m = { top: 34, right: 16, bottom: 56, left: 48 };
  const fmt = spec.format ?? ((v: number) => String(Math.round(v)));
  const all = spec.series.flatMap((s) => s.values.filter((v): v is number => v !== null));
  const yMax = spec.yMax ?? niceCeil(Math.max(1, ...all) * 1.05);
  const plotW = W - m.left - m.right;
  const plotH = H - m.top - m.bottom;
  const groupW = plotW / Math.max(1, spec.groups.length);
  const barW = Math.max(4, Math.min(40, (groupW * 0.8) / Math.max(1, spec.series.length)));
  const y = (v: number) => m.top + plotH - (plotH * Math.min(v, yMax)) / yMax;
  const parts: string[] = [];
  parts.push(`<text x="${W / 2}" y="18" text-anchor="middle" class="title">${esc(spec.title)}</text>`);
  for (let i = 0; i <= 4; i++) {
    const v = (yMax * i) / 4;
    parts.push(`<line x1="${m.left}" x2="${W - m.right}" y1="${y(v)}" y2="${y(v)}" class="grid"/>`);
    parts.push(`<text x="${m.left - 6}" y="${y(v) + 4}" text-anchor="end" class="tick">${esc(fmt(Math.round(v * 100) / 100))}</text>`);
  }
  spec.groups.forEach((g, gi) => {
    const gx = m.left + gi * groupW + (groupW - barW * spec.series.length) / 2;
    spec.series.forEach((s, si) => {
      const v = s.values[gi];
      if (v === null || v === undefined) return;
      const x = gx + si * barW;
      const h = Math.max(1, m.top + plotH - y(v));
      parts.push(
        `<rect class="bar" x="${x.toFixed(1)}" y="${(m.top + plotH - h).toFixed(1)}" width="${(barW - 2).toFixed(1)}" height="${h.toFixed(1)}" fill="${s.color ?? seriesColor(si)}"><title>${esc(`${s.name} · ${g}: ${fmt(v)}`)}</title></rect>`,
      );
      if (barW >= 18)
        parts.push(
          `<text x="${(x + barW / 2 - 1).toFixed(1)}" y="${(m.top + plotH - h - 3).toFixed(1)}" text-anchor="middle" class="val">${esc(fmt(v))}</text>`,
        );
    });
    parts.push(`<text x="${(m.left + gi * groupW + groupW / 2).toFixed(1)}" y="${m.top + plotH + 16}" text-anchor="middle" class="tick">${esc(g)}</text>`);
  });
  parts.push(
    legend(
      spec.series.map((s, i) => ({ name: s.name, color: s.color ?? seriesColor(i) })),
      m.left,
      H - 18,
      W - m.left,
    ),
  );
  return `<svg class="chart" xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${esc(spec.title)}">${parts.join("")}</svg>`;
}

function legend(items: { name: string; color: string }[], x0: number, y: number, width: number): string {
  let x = x0;
  let row = 0;
  const out: string[] = [];
  for (const it of items) {
    const w = 22 + it.name.length * 6.5;
    if (x + w > x0 + width && x > x0) {
      x = x0;
      row++;
    }
    const yy = y + row * 14 - 4;
    out.push(`<rect x="${x}" y="${yy - 9}" width="10" height="10" fill="${it.color}"/><text x="${x + 14}" y="${yy}" class="tick">${esc(it.name)}</text>`);
    x += w;
  }
  return out.join("");
}

export interface StackRow {
  label: string;
  parts: { name: string; value: number; color: string }[];
}

/** Width of 11px tick text, generous (system-ui digits and capitals run wider than 6px). */
export const textWidth = (s: string) => Math.ceil(s.length * 6.6);

/** Horizontal 100% stacked bars, one per row, with counts inside the segments; the label column fits the longest label. */
export function stackedBars(title: string, rows: StackRow[], plotWidth = 460): string {
  const labelW = 16 + Math.max(80, ...rows.map((r) => textWidth(r.label)));
  const width = labelW + plotWidth + 16;
  const rowH = 26;
  const H = 40 + rows.length * (rowH + 8) + 24;
  const plotW = width - labelW - 16;
  const out: string[] = [`<text x="${width / 2}" y="18" text-anchor="middle" class="title">${esc(title)}</text>`];
  rows.forEach((r, i) => {
    const y = 32 + i * (rowH + 8);
    const total = r.parts.reduce((a, p) => a + p.value, 0) || 1;
    out.push(`<text x="${labelW - 8}" y="${y + rowH / 2 + 4}" text-anchor="end" class="tick">${esc(r.label)}</text>`);
    let x = labelW;
    for (const p of r.parts) {
      const w = (plotW * p.value) / total;
      if (p.value > 0) {
        out.push(
          `<rect class="bar" x="${x.toFixed(1)}" y="${y}" width="${Math.max(1, w).toFixed(1)}" height="${rowH}" fill="${p.color}"><title>${esc(`${r.label} · ${p.name}: ${p.value}`)}</title></rect>`,
        );
        if (w > 24) out.push(`<text x="${(x + w / 2).toFixed(1)}" y="${y + rowH / 2 + 4}" text-anchor="middle" class="inbar">${p.value}</text>`);
      }
      x += w;
    }
  });
  const names = rows[0]?.parts.map((p) => ({ name: p.name, color: p.color })) ?? [];
  out.push(legend(names, labelW, H - 8, plotW));
  return `<svg class="chart" xmlns="http://www.w3.org/2000/svg" width="${width}" height="${H}" viewBox="0 0 ${width} ${H}" role="img" aria-label="${esc(title)}">${out.join("")}</svg>`;
}

export const TRANSITION_COLORS = { kept: "#59a14f", fixed: "#4e79a7", regressed: "#e15759", unresolved: "#bab0ac" } as const;
