/**
 * One chart drawn by chart.js through react-chartjs-2 (issue 24 §6). This module, and chart.js with it, is
 * loaded on demand by ./Charts (React.lazy): no register page pays for chart.js until it shows a chart, and the
 * main bundle never holds it. Only the parts the chart types use are registered (bars, lines, arcs, the two
 * scales, legend and tooltip). No animation: the figures are there at once (and the page is interactive sooner).
 * A white background is painted under the chart, so that its PNG (toBase64Image) reads on any viewer; the canvas
 * says when it has been drawn (`data-drawn`), for the browser checks and bench:charts.
 */
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart as ChartJS,
  type ChartType,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PieController,
  type Plugin,
  PointElement,
  Tooltip,
} from 'chart.js';
import type { RefObject } from 'react';
import { Chart } from 'react-chartjs-2';
import type { ChartData, ChartKind } from './chart-data';

ChartJS.register(
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  DoughnutController,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PieController,
  PointElement,
  Tooltip,
);

/** Series colours: distinct hues that keep apart for the common colour-vision deficiencies (Okabe-Ito). */
export const PALETTE = ['#0072B2', '#E69F00', '#009E73', '#D55E00', '#CC79A7', '#56B4E9', '#F0E442', '#000000'];

const whiteBackground: Plugin = {
  id: 'whiteBackground',
  beforeDraw(chart) {
    const { ctx, width, height } = chart;
    ctx.save();
    ctx.globalCompositeOperation = 'destination-over';
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, width, height);
    ctx.restore();
  },
  afterRender(chart) {
    chart.canvas.setAttribute('data-drawn', 'true');
  },
};

export interface ChartCanvasProps {
  kind: ChartKind;
  data: ChartData;
  /** The canvas's accessible name (the chart's title, and where its numbers are). */
  label: string;
  /** The chart.js instance, for the PNG download. */
  chartRef: RefObject<ChartJS | null>;
}

/** Draws `data` as a chart of `kind`; see the module comment. */
export default function ChartCanvas({ kind, data, label, chartRef }: ChartCanvasProps) {
  const round = kind === 'pie' || kind === 'doughnut';
  const type: ChartType = kind === 'stackedBar' ? 'bar' : kind;
  const series = round ? data.series.slice(0, 1) : data.series;
  const datasets = series.map((s, i) => ({
    label: s.label,
    data: s.values,
    backgroundColor: round ? data.labels.map((_, j) => PALETTE[j % PALETTE.length]) : PALETTE[i % PALETTE.length],
    borderColor: round ? '#ffffff' : PALETTE[i % PALETTE.length],
  }));
  const stacked = kind === 'stackedBar';
  return (
    <Chart
      ref={chartRef as RefObject<ChartJS<ChartType> | undefined>}
      type={type}
      data={{ labels: data.labels, datasets }}
      plugins={[whiteBackground]}
      aria-label={label}
      role="img"
      options={{
        animation: false,
        responsive: true,
        maintainAspectRatio: false,
        plugins: { legend: { display: round || series.length > 1, position: 'bottom' } },
        ...(round
          ? {}
          : {
              scales: {
                x: { stacked },
                y: { stacked, beginAtZero: true, ticks: { precision: 0 } },
              },
            }),
      }}
    />
  );
}
