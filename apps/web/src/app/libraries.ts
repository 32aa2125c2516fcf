/**
 * The router and the query cache's React bindings, imported by main.tsx before the app so that
 * their modules are evaluated in a task of their own (the app's chunk then finds them ready). Named
 * imports, not the whole package: the bundle keeps only what the app uses.
 */
export { UNSAFE_createBrowserHistory, unstable_HistoryRouter, useRoutes } from 'react-router';
export { QueryClientProvider } from '@tanstack/react-query';
