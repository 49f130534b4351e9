import { createBrowserRouter, type LoaderFunction, Navigate, type RouteObject, type ShouldRevalidateFunction } from 'react-router';
import { sessionUserQueryOptions } from '../features/auth/api/validate-session';
import { appQueryClient } from '../lib/app-query-client';
import { RequireLogin } from '../features/auth/components/require-login';
import { RouteErrorPage } from './routes/route-error-page';
import { RootRoute } from './root-route';

/**
 * Every page is its own chunk, loaded when its route is first visited (react-router's `lazy`): an
 * anonymous visitor of the landing downloads the shell and the landing, not the admin screens,
 * the review, d3 or the date pickers (its budget: ≤ 200 KB of compressed JavaScript).
 */
const page = {
  home: () => import('./routes/home-page').then((module) => ({ Component: module.HomePage })),
  administration: () => import('./routes/admin/administration-page').then((module) => ({ Component: module.AdministrationPage })),
  schemes: () => import('./routes/admin/schemes-page').then((module) => ({ Component: module.SchemesPage })),
  linking: () => import('./routes/admin/linking-page').then((module) => ({ Component: module.LinkingPage })),
  datasetsList: () => import('./routes/datasets/datasets-list-page').then((module) => ({ Component: module.DatasetsListPage })),
  uploadDataset: () => import('./routes/datasets/upload-dataset-page').then((module) => ({ Component: module.UploadDatasetPage })),
  datasetReview: () => import('./routes/datasets/dataset-review-page').then((module) => ({ Component: module.DatasetReviewPage })),
  explore: () => import('./routes/explore-page').then((module) => ({ Component: module.ExplorePage })),
  learn: () => import('./routes/learn-page').then((module) => ({ Component: module.LearnPage })),
  translate: () => import('./routes/translate-page').then((module) => ({ Component: module.TranslatePage })),
  convert: () => import('./routes/convert-page').then((module) => ({ Component: module.ConvertPage })),
  conversion: () => import('./routes/conversion-page').then((module) => ({ Component: module.ConversionPage })),
  conversionCode: () => import('./routes/conversion-code-page').then((module) => ({ Component: module.ConversionCodePage })),
  predictionSets: () => import('./routes/review/prediction-sets-page').then((module) => ({ Component: module.PredictionSetsPage })),
  review: () => import('./routes/review/review-page').then((module) => ({ Component: module.ReviewPage })),
  secondOpinions: () => import('./routes/review/second-opinions-page').then((module) => ({ Component: module.SecondOpinionsPage })),
  agreement: () => import('./routes/review/agreement-page').then((module) => ({ Component: module.AgreementPage })),
  login: () => import('./routes/login-page').then((module) => ({ Component: module.LoginPage })),
  notFound: () => import('./routes/not-found-page').then((module) => ({ Component: module.NotFoundPage })),
} satisfies Record<string, RouteObject['lazy']>;

/**
 * The review's loader, beside its page's `lazy`: the first entry and its tree are asked for while
 * the screen's code downloads. Its own module is loaded on the first review visit, not by the landing.
 */
const reviewLoader =
  (datasetRoute: boolean): LoaderFunction =>
  async (args) => {
    void appQueryClient.prefetchQuery(sessionUserQueryOptions());
    const { loadReview } = await import('../features/prediction-sets/review/review-prefetch');
    const address = datasetRoute ? { setRef: args.params.predictionSetID ?? '', datasetId: args.params.datasetID ?? '' } : { setRef: args.params.predictionSetSlug ?? '', datasetId: null };
    return loadReview(appQueryClient, address, args);
  };

/** Moving from entry to entry within a review, the screen reads what it needs itself. */
const sameReview: ShouldRevalidateFunction = () => false;

/** The route table of SPEC §2, and /login. /admin, /datasets and /convert need a login; /review is not guarded. */
const pages: RouteObject[] = [
  { index: true, lazy: page.home },
  {
    path: 'admin',
    element: <RequireLogin />,
    children: [
      { index: true, lazy: page.administration },
      { path: 'schemes', element: <Navigate to="pst2" replace /> },
      { path: 'schemes/:scheme', lazy: page.schemes },
      { path: 'schemes/:scheme/codes/:code', lazy: page.schemes },
      { path: 'linking', lazy: page.linking },
    ],
  },
  {
    path: 'datasets',
    element: <RequireLogin />,
    children: [
      { index: true, element: <Navigate to="list" replace /> },
      { path: 'list', lazy: page.datasetsList },
      { path: 'upload', lazy: page.uploadDataset },
      { path: ':datasetID/prediction-sets/:predictionSetID', lazy: page.datasetReview, loader: reviewLoader(true), shouldRevalidate: sameReview },
      { path: ':datasetID/prediction-sets/:predictionSetID/entries/:predictionString', lazy: page.datasetReview, loader: reviewLoader(true), shouldRevalidate: sameReview },
    ],
  },
  { path: 'explore', lazy: page.explore },
  { path: 'learn', lazy: page.learn },
  { path: 'translate', lazy: page.translate },
  // Opens the login modal, then goes to `?next=` (a path of this site only).
  { path: 'login', lazy: page.login },
  {
    // The user's conversions: /convert is 'My datasets' of the conversion page's header.
    path: 'convert',
    element: <RequireLogin />,
    children: [
      { index: true, lazy: page.convert },
      { path: ':conversionId', lazy: page.conversion },
      { path: ':conversionId/codes/:uri', lazy: page.conversionCode },
    ],
  },
  {
    path: 'review',
    children: [
      { index: true, lazy: page.predictionSets },
      { path: ':predictionSetSlug', lazy: page.review, loader: reviewLoader(false), shouldRevalidate: sameReview },
      { path: ':predictionSetSlug/entries/:predictionString', lazy: page.review, loader: reviewLoader(false), shouldRevalidate: sameReview },
      // Double coding (issue 30): the entries offered for a second opinion, and the agreement report.
      { path: ':predictionSetSlug/second-opinions', lazy: page.secondOpinions },
      { path: ':predictionSetSlug/agreement', lazy: page.agreement },
    ],
  },
  { path: '*', lazy: page.notFound },
];

export const router = createBrowserRouter([
  {
    path: '/',
    element: <RootRoute />,
    // A page that throws is reported inside the shell, which keeps working.
    children: [{ errorElement: <RouteErrorPage />, children: pages }],
  },
]);
