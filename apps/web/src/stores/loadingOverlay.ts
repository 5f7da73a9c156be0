import { create } from 'zustand';

interface LoadingOverlayState {
  /** Calls under way that show the overlay (spec §9: urls containing doEdit). */
  pending: number;
}

/** The full-page loading overlay: shown while at least one of its calls runs. */
export const useLoadingOverlay = create<LoadingOverlayState>()(() => ({ pending: 0 }));

/** Runs `work` with the overlay shown. */
export async function withLoadingOverlay<T>(work: () => Promise<T>): Promise<T> {
  useLoadingOverlay.setState(({ pending }) => ({ pending: pending + 1 }));
  try {
    return await work();
  } finally {
    useLoadingOverlay.setState(({ pending }) => ({ pending: pending - 1 }));
  }
}
