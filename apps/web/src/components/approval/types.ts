import type { RouteValue } from '@eip/contracts';

/** A task of the lists that show more than the todo list does (leader todo, delegated). */
export type TaskRow = RouteValue<'getLeaderTodoList'>['rows'][number];
/** A row of the todo list: only what its page shows (issue 15). */
export type TodoRow = RouteValue<'getTodoList'>['rows'][number];
export type InstanceRow = RouteValue<'myDraft'>['rows'][number];
/** A row of the done and request lists: only what their pages show (issue 15). */
export type InstanceListRow = RouteValue<'myRequest'>['rows'][number];
export type NoticeRow = RouteValue<'getNoticeTodoReadList'>['rows'][number];
export type OpinionRow = RouteValue<'instanceFlowOpinions'>[number];
export type FlowImageValue = RouteValue<'instanceFlowImage'>;
/** A service task's latest call, as the node popover shows it. */
export type ServiceCall = NonNullable<RouteValue<'nodeOpinion'>['serviceCall']>;
export type TaskDetail = RouteValue<'taskDetailBo'>;
