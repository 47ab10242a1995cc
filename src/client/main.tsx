/** The client's entry. All of the first route lives in app/start.ts (see why there). */
import { start } from './app/start.ts';

// In a task after the one that evaluated the first route's code, so a slow phone answers a tap between the two.
setTimeout(() => start(document.getElementById('app')!), 0);
