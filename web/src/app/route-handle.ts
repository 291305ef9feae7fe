/** What a route tells the rest of the app: a pre-rendered page shows before the session is known. */
export interface RouteHandle {
  prerender?: boolean;
}
