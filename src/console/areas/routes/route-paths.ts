// The route screens' addresses: built in src/domain/route-paths.ts, which the simulation call shares.

export { editRoutePath, newRoutePath, routeDetailPath, routesPath, simulatorPath } from '@domain/route-paths';
