/** The daily chart's height, shared by the lazily loaded chart and the place it takes while loading. */
export const DAILY_CHART_HEIGHT = 168;
