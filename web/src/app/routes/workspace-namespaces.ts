/** Apart from the route, so that the router can ask for them with the route's chunk on a first visit (common/first-visit.ts). */
export { WORKSPACE_NAMESPACES } from '@common/first-visit';
