/** The dashboard's build (bin/build-dashboard.mjs), as src/dashboard/pages.ts calls it. */
export declare const DASHBOARD_SOURCE: string;
export declare const DASHBOARD_DIST: string;
export declare function isDashboardStale(): boolean;
export declare function buildDashboard(): Promise<void>;
export declare function ensureDashboardBuilt(): Promise<void>;
