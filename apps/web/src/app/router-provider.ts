// React Router's browser provider, alone: main.tsx loads this module ahead of the app. A dynamic import of
// 'react-router/dom' itself keeps every export of it (the framework's and the RSC hydrated routers, with their
// data streaming), about 12 KB gzipped that the app never runs (decisions 063 and 069).
export { RouterProvider } from 'react-router/dom';
