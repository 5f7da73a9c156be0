import type { Services } from '../../services.js';
import { agentHandlers } from './agent.routes.js';
import { approvalItemHandlers } from './approval-item.routes.js';
import { collectHandlers } from './collect.routes.js';
import { definitionHandlers } from './definition.routes.js';
import { printHandlers } from './print.routes.js';
import { secretaryHandlers } from './secretary.routes.js';
import { startFlowHandlers } from './start-flow.routes.js';
import { taskFollowHandlers } from './task-follow.routes.js';

/** The approval centre's personal settings and flow catalogue. */
export const bpmPersonalHandlers = (services: Services) => ({
  ...agentHandlers(services),
  ...secretaryHandlers(services),
  ...approvalItemHandlers(services),
  ...definitionHandlers(services),
  ...startFlowHandlers(services),
  ...collectHandlers(services),
  ...taskFollowHandlers(services),
  ...printHandlers(services),
});
