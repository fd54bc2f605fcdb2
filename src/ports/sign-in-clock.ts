/** Time for the throttle: tests move `now` and record `wait` instead of sleeping. */
export interface SignInClock {
  now(): number;
  wait(ms: number): Promise<void>;
}
