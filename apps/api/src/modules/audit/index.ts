// The audit module's public functions: other modules import from here, never from its other files
// (decision 053's fences).
export { type AuditSnapshot, latestAuditEntries, listAuditEntries, writeAudit } from './service';
