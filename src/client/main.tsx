/** The client's entry. All of the first route lives in app/start.ts (see why there). */
import { start } from './app/start.ts';

start(document.getElementById('app')!);
