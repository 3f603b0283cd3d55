import type { AdminRouteDef } from '../admin-route.js';
import { accountRoutes } from './accounts.js';
import { appRoutes } from './apps.js';
import { clockRoutes } from './clock.js';
import { clusterRoutes } from './cluster.js';
import { customerRoutes } from './customers.js';
import { engineRoutes } from './engine.js';
import { environmentRoutes } from './environments.js';
import { keyRoutes } from './keys.js';
import { marketRoutes } from './markets.js';
import { peopleRoutes } from './people.js';
import { tokenRoutes } from './tokens.js';

export { faultApplier, faultRoutes } from './faults.js';

/** Every operator route but fault injection (faults.ts, registered only with RAMPART_FAULTS=1). */
export const adminRoutes: AdminRouteDef[] = [
  ...customerRoutes,
  ...keyRoutes,
  ...tokenRoutes,
  ...accountRoutes,
  ...marketRoutes,
  ...clockRoutes,
  ...clusterRoutes,
  ...environmentRoutes,
  ...engineRoutes,
  ...peopleRoutes,
  ...appRoutes,
];
