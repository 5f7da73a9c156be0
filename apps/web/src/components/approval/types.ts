import type { RouteValue } from '@eip/contracts';

export type TaskRow = RouteValue<'getTodoList'>['rows'][number];
export type InstanceRow = RouteValue<'myRequest'>['rows'][number];
export type NoticeRow = RouteValue<'getNoticeTodoReadList'>['rows'][number];
export type OpinionRow = RouteValue<'instanceFlowOpinions'>[number];
export type FlowImageValue = RouteValue<'instanceFlowImage'>;
export type TaskDetail = RouteValue<'taskDetailBo'>;
