/**
 * The visitor log's rows thread (started by page-view-rows-thread.ts): reads the GeoIP databases
 * when opened, then makes the rows of the page views queued in the ring whenever asked. A module
 * worker, not a source string, as it imports maxmind; build-binary.ts compiles it in as an entry
 * point of its own.
 */
import { answerRequests } from '../../db/worker-requests';
import { GeoIp } from './geo-ip';
import { PageViewRing } from './page-view-ring';
import { PageViewRows } from './page-view-rows';

let rows: PageViewRows | null = null;

answerRequests({
  async open({ geoIpFiles, ring }: { geoIpFiles: string[]; ring: SharedArrayBuffer }) {
    const { geoIp, problems } = await GeoIp.open(geoIpFiles);
    rows = new PageViewRows(geoIp, new PageViewRing(ring));
    return { loaded: geoIp.loaded, problems };
  },
  take: () => rows!.take(),
  forget: () => rows!.forgetProfiles(),
});
