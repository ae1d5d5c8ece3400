/**
 * The visitor log's rows thread (started by page-view-rows-thread.ts): reads the GeoIP databases
 * when opened, then makes the rows of each batch of page views. A module worker, not a source
 * string, as it imports maxmind; build-binary.ts compiles it in as an entry point of its own.
 */
import { answerRequests } from '../../db/worker-requests';
import { GeoIp } from './geo-ip';
import { PageViewRows, type PageViews } from './page-view-rows';

let rows: PageViewRows | null = null;

answerRequests({
  async open({ geoIpFiles }: { geoIpFiles: string[] }) {
    const { geoIp, problems } = await GeoIp.open(geoIpFiles);
    rows = new PageViewRows(geoIp);
    return { loaded: geoIp.loaded, problems };
  },
  make: ({ views }: { views: string }) => rows!.make(JSON.parse(views) as PageViews[]),
  forget: () => rows!.forgetProfiles(),
});
