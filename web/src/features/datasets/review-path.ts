/** `/datasets/{datasetID}/prediction-sets/{predictionSetID}`: the review of a dataset's prediction set (SPEC §2 route table). */
export function datasetReviewPath(datasetId: string, predictionSetId: string): string {
  return `/datasets/${encodeURIComponent(datasetId)}/prediction-sets/${encodeURIComponent(predictionSetId)}`;
}
