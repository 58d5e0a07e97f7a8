/** The daily sales chart's height, shared by the lazily loaded chart and the place it takes while loading. */
export const DASHBOARD_CHART_HEIGHT = 220;
