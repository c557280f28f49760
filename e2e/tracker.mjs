// The browser tests' relay: a WebTorrent tracker (bittorrent-tracker's server, WebSocket
// only) on 127.0.0.1 at a free port, which it prints; it runs until its stdin closes.
// Usage: node e2e/tracker.mjs FOLDER   (FOLDER holds node_modules/bittorrent-tracker)
import { pathToFileURL } from 'node:url'
import path from 'node:path'

const folder = process.argv[2]
const url = pathToFileURL(path.join(folder, 'node_modules/bittorrent-tracker/server.js'))
const { default: Server } = await import(url.href)
// interval: the announce interval the tracker asks for (trystero announces at most every
// 10 s, at least every 120 s): of two pages offering at once, the one whose id is smaller
// waits for the other's next announce (trystero's glare rule), so a short one keeps the
// test quick; public trackers ask for about two minutes.
const server = new Server({ udp: false, http: false, ws: true, stats: false, interval: 10_000 })
server.on('error', (error) => { console.error(error); process.exit(1) })
server.on('listening', () => { console.log(`ws://127.0.0.1:${server.ws.address().port}`) })
server.listen(0, '127.0.0.1')
process.stdin.on('end', () => process.exit(0))
process.stdin.resume()
