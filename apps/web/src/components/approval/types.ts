import type { RouteValue } from '@eip/contracts';

export type TaskRow = RouteValue<'getTodoList'>['rows'][number];
export type InstanceRow = RouteValue<'myRequest'>['rows'][number];
export type NoticeRow = RouteValue<'getNoticeTodoReadList'>['rows'][number];
export type OpinionRow = RouteValue<'instanceFlowOpinions'>[number];
export type FlowImageValue = RouteValue<'instanceFlowImage'>;
/** A service task's latest call, as the node popover shows it. */
export type ServiceCall = NonNullable<RouteValue<'nodeOpinion'>['serviceCall']>;
export type TaskDetail = RouteValue<'taskDetailBo'>;
