/**
 * The soak's latency probe in a process of its own: `node bench/probe-process.ts <url> <everyMs> <seconds>` GETs the
 * URL on one keep-alive connection every `everyMs` for `seconds`, then prints its samples as JSON. Apart from the
 * load generator, whose event loop is saturated by design, a probe measures the service and not the client's
 * queue; the load generator also runs at a lower priority so that the probe's wake-ups preempt it.
 */
import { latencyProbe } from './service-process.ts';

const [url, everyMs, seconds] = process.argv.slice(2);
const probe = latencyProbe(url!, Number(everyMs));
await new Promise((resolve) => setTimeout(resolve, Number(seconds) * 1000));
await probe.stop();
process.stdout.write(JSON.stringify(probe.samples));
