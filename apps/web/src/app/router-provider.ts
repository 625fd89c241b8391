// React Router's browser part, as the app uses it. main.tsx loads it in a step of its own through this module:
// a dynamic import of 'react-router/dom' itself keeps every export of it, the framework's and the RSC hydrated
// routers with their data streaming, about a third of React Router's bytes, which the app never runs
// (decision 063).
export { RouterProvider } from 'react-router/dom';
