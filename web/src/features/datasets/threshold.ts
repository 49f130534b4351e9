/** The threshold helpers live in lib (the review uses them too); this path stays for the datasets feature's modules. */
export * from '../../lib/threshold';
