// The referrals module's public functions: other modules import from here, never from its other files
// (decision 053's fences).
export {
  findReferrer,
  isRefIdCollision,
  latestReferrals,
  listReferrals,
  newRefId,
  REFERRALS_IN_LIST,
  upline,
  uplineColumns,
} from './service';
