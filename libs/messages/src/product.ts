/** Product names are configuration, with the specifications' words as defaults. */
export const PRODUCT = {
  /** The account id name (the spec's ラッコID). */
  accountIdName: 'ラッコID',
  /** The point name and its unit. */
  pointName: 'ラッコポイント',
  pointUnit: 'RP',
  serviceName: 'ラッコドメイン',
  copyrightStartYear: 2020,
} as const;
