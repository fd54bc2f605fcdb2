import { authRouter } from '../features/auth/auth.router.js';
import { prefsRouter } from '../features/prefs/prefs.router.js';
import { router } from './init.js';

export const appRouter = router({
  auth: authRouter,
  prefs: prefsRouter,
});

/** The web app imports this type only. */
export type AppRouter = typeof appRouter;
