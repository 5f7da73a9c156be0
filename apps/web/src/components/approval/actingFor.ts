import { createContext, useContext } from 'react';

/**
 * The leader a secretary acts for on the approval page (spec §6, the task's `leaderId`): every read of the
 * request made under the page — its flow chart, node popovers, signatures, watermark — carries it.
 */
const ActingForContext = createContext<string | undefined>(undefined);

export const ActingForProvider = ActingForContext.Provider;

export const useActingFor = () => useContext(ActingForContext);
