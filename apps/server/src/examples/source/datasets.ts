/**
 * The example datasets: real public data shipped by the npm package vega-datasets, loaded into the
 * examples database (one table each).
 */
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { parseCsv } from './csv';
import { parseJsonArray } from './json-array';

export interface Dataset {
  table: string;
  /** File under vega-datasets/data/. */
  file: string;
}

export const DATASETS: readonly Dataset[] = [
  { table: 'flights', file: 'flights-20k.json' },
  { table: 'cars', file: 'cars.json' },
  { table: 'movies', file: 'movies.json' },
  { table: 'seattle_weather', file: 'seattle-weather.csv' },
  { table: 'stocks', file: 'stocks.csv' },
  { table: 'gapminder', file: 'gapminder.json' },
  { table: 'airports', file: 'airports.csv' },
  { table: 'birdstrikes', file: 'birdstrikes.csv' },
  { table: 'penguins', file: 'penguins.json' },
  { table: 'unemployment_across_industries', file: 'unemployment-across-industries.json' },
  { table: 'us_employment', file: 'us-employment.csv' },
  // delay (minutes), distance (miles), time (hour of day, decimal): the largest, loaded last.
  { table: 'flights_200k', file: 'flights-200k.json' },
];

export interface DatasetSource {
  /** Where the files are. */
  dataDir: string;
  /** e.g. "vega-datasets@3.2.1": recorded with each loaded table, so a new package version reloads. */
  label: string;
}

/** vega-datasets exports only its entry point; the data folder sits beside build/. */
export function vegaDatasets(): DatasetSource {
  const root = dirname(dirname(require.resolve('vega-datasets')));
  const { name, version } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
  };
  return { dataDir: join(root, 'data'), label: `${name}@${version}` };
}

export type SourceRecord = Record<string, unknown>;

export async function readDataset(
  source: DatasetSource,
  dataset: Dataset,
): Promise<{ rows: SourceRecord[]; numericStrings: boolean }> {
  const text = await readFile(join(source.dataDir, dataset.file), 'utf8');
  if (dataset.file.endsWith('.csv')) return { rows: parseCsv(text), numericStrings: true };
  if (dataset.file.endsWith('.json')) {
    const items = await parseJsonArray(text);
    if (!items.every((r) => typeof r === 'object' && r !== null && !Array.isArray(r))) {
      throw new Error(`${dataset.file} is not an array of records`);
    }
    return { rows: items as SourceRecord[], numericStrings: false };
  }
  throw new Error(`Unsupported example file ${dataset.file}`);
}
