import { createSortedRowModel, rowSortingFeature, tableFeatures } from "@tanstack/react-table";

/** Sorting only: filtering by name happens before the rows reach the table. */
export const campaignTableFeatures = tableFeatures({
  rowSortingFeature,
  sortedRowModel: createSortedRowModel(),
});
export type CampaignTableFeatures = typeof campaignTableFeatures;
