import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { RequireLogin } from '../features/auth/components/require-login';
import { AdministrationPage } from './routes/admin/administration-page';
import { LinkingPage } from './routes/admin/linking-page';
import { SchemesPage } from './routes/admin/schemes-page';
import { ConversionCodePage } from './routes/conversion-code-page';
import { ConversionPage } from './routes/conversion-page';
import { ConvertPage } from './routes/convert-page';
import { DatasetReviewPage } from './routes/datasets/dataset-review-page';
import { DatasetsListPage } from './routes/datasets/datasets-list-page';
import { UploadDatasetPage } from './routes/datasets/upload-dataset-page';
import { ExplorePage } from './routes/explore-page';
import { HomePage } from './routes/home-page';
import { LearnPage } from './routes/learn-page';
import { NotFoundPage } from './routes/not-found-page';
import { PredictionSetsPage } from './routes/review/prediction-sets-page';
import { ReviewPage } from './routes/review/review-page';
import { RouteErrorPage } from './routes/route-error-page';
import { TranslatePage } from './routes/translate-page';
import { RootRoute } from './root-route';

/** The route table of SPEC §2. /admin, /datasets and /convert need a login; /review is not guarded. */
const pages: RouteObject[] = [
  { index: true, element: <HomePage /> },
  {
    path: 'admin',
    element: <RequireLogin />,
    children: [
      { index: true, element: <AdministrationPage /> },
      { path: 'schemes', element: <Navigate to="pst2" replace /> },
      { path: 'schemes/:scheme', element: <SchemesPage /> },
      { path: 'schemes/:scheme/codes/:code', element: <SchemesPage /> },
      { path: 'linking', element: <LinkingPage /> },
    ],
  },
  {
    path: 'datasets',
    element: <RequireLogin />,
    children: [
      { index: true, element: <Navigate to="list" replace /> },
      { path: 'list', element: <DatasetsListPage /> },
      { path: 'upload', element: <UploadDatasetPage /> },
      { path: ':datasetID/prediction-sets/:predictionSetID', element: <DatasetReviewPage /> },
      { path: ':datasetID/prediction-sets/:predictionSetID/entries/:predictionString', element: <DatasetReviewPage /> },
    ],
  },
  { path: 'explore', element: <ExplorePage /> },
  { path: 'learn', element: <LearnPage /> },
  { path: 'translate', element: <TranslatePage /> },
  {
    // The user's conversions (issue 14): /convert is 'My datasets' of the conversion page's header.
    path: 'convert',
    element: <RequireLogin />,
    children: [
      { index: true, element: <ConvertPage /> },
      { path: ':conversionId', element: <ConversionPage /> },
      { path: ':conversionId/codes/:uri', element: <ConversionCodePage /> },
    ],
  },
  {
    path: 'review',
    children: [
      { index: true, element: <PredictionSetsPage /> },
      { path: ':predictionSetSlug', element: <ReviewPage /> },
      { path: ':predictionSetSlug/entries/:predictionString', element: <ReviewPage /> },
    ],
  },
  { path: '*', element: <NotFoundPage /> },
];

export const router = createBrowserRouter([
  {
    path: '/',
    element: <RootRoute />,
    // A page that throws is reported inside the shell, which keeps working.
    children: [{ errorElement: <RouteErrorPage />, children: pages }],
  },
]);
