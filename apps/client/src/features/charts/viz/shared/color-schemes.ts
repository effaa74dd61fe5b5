import type { FormData } from './types';

/** Superset's default categorical scheme, so charts migrated from Superset keep their colours. */
export const SUPERSET_COLORS = [
  '#1FA8C9',
  '#454E7C',
  '#5AC189',
  '#FF7F44',
  '#666666',
  '#E04355',
  '#FCC700',
  '#A868B7',
  '#3CCCCB',
  '#A38F79',
  '#8FD3E4',
  '#A1A6BD',
  '#ACE1C4',
  '#FEC0A1',
  '#B2B2B2',
  '#EFA1AA',
  '#FDE380',
  '#D3B3DA',
  '#9EE5E5',
  '#D1C6BC',
];

/** The categorical schemes of the color_scheme control, by the names saved charts use. */
export const COLOR_SCHEMES: Readonly<Record<string, readonly string[]>> = {
  supersetColors: SUPERSET_COLORS,
  d3Category10: [
    '#1f77b4',
    '#ff7f0e',
    '#2ca02c',
    '#d62728',
    '#9467bd',
    '#8c564b',
    '#e377c2',
    '#7f7f7f',
    '#bcbd22',
    '#17becf',
  ],
  googleCategory10c: [
    '#3366cc',
    '#dc3912',
    '#ff9900',
    '#109618',
    '#990099',
    '#0099c6',
    '#dd4477',
    '#66aa00',
    '#b82e2e',
    '#316395',
  ],
  bnbColors: [
    '#ff5a5f',
    '#7b0051',
    '#007A87',
    '#00d1c1',
    '#8ce071',
    '#ffb400',
    '#b4a76c',
    '#ff8083',
    '#cc0086',
    '#00a1b3',
    '#00ffeb',
    '#bbedab',
    '#ffd266',
    '#cbc29a',
  ],
};

/** The colours of the chart's color_scheme; an unknown or missing scheme gives the default. */
export function paletteOf(formData: FormData): string[] {
  const scheme = typeof formData.color_scheme === 'string' ? COLOR_SCHEMES[formData.color_scheme] : undefined;
  return [...(scheme ?? SUPERSET_COLORS)];
}

/** The i-th colour of a palette, cycling. */
export const colorAt = (palette: readonly string[], i: number): string =>
  palette[((i % palette.length) + palette.length) % palette.length]!;

/** Sequential schemes of the linear_color_scheme control (heatmap), low to high. */
export const SEQUENTIAL_SCHEMES: Readonly<Record<string, readonly string[]>> = {
  superset_seq_1: ['#FFFFFF', '#1FA8C9'],
  blue_white_yellow: ['#00D1C1', '#FFFFFF', '#FFB400'],
  fire: ['#FFFFFF', '#FFFF00', '#FF0000', '#000000'],
  white_black: ['#FFFFFF', '#000000'],
  black_white: ['#000000', '#FFFFFF'],
  dark_blue: ['#EBF5F8', '#6BB1CC', '#357E9B', '#1B4150', '#092935'],
  greens: ['#F7FCF5', '#74C476', '#00441B'],
  purples: ['#FCFBFD', '#9E9AC8', '#3F007D'],
  oranges: ['#FFF5EB', '#FD8D3C', '#7F2704'],
  red_yellow_blue: ['#D7191C', '#FFFFBF', '#2C7BB6'],
};

/** Highcharts colour-axis stops for a sequential scheme (the default for an unknown name). */
export function sequentialStops(name: unknown): [number, string][] {
  const colors = (typeof name === 'string' && SEQUENTIAL_SCHEMES[name]) || SEQUENTIAL_SCHEMES.superset_seq_1!;
  return colors.map((color, i) => [i / (colors.length - 1), color]);
}
