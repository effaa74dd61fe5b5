/** Superset's addresses of the dataset pages (its TableModelView), so links and habits carry over. */
export const DATASET_LIST_PATH = '/tablemodelview/list/';
export const editorPathOf = (id: number) => `/tablemodelview/edit/${id}`;
export const explorePathOf = (id: number) => `/explore/?datasource_type=table&datasource_id=${id}`;
