/**
 * The price watch's reader thread (started by reader-thread.ts): fetches and reads the shop
 * pages, so parsing them (cheerio, the extractor: ~10 ms a page) does not hold up requests. A
 * module worker, as it imports the scraper; build-binary.ts compiles it in as an entry point.
 */
import { answerRequests } from '../../db/worker-requests';
import { checkOutcome, type CheckRequest } from './read-price';

answerRequests({ read: (request: CheckRequest) => checkOutcome(request) });
