/**
 * The texts of the workspace and of every part it shows, asked for together: one wait before the page
 * shows, instead of one more wait (and one more render of the whole workspace) each time a part first
 * renders and finds its namespace missing. Apart from the route, so that the router can ask for them
 * with the route's chunk on a first visit.
 */
export const WORKSPACE_NAMESPACES = ['workspace', 'voice', 'audiobook', 'family', 'preview', 'payments'];
