// A throwaway npm registry for `check-published.mjs`: Verdaccio on the loopback interface, with the storage
// folder it is given, serving the workspace's packages from that storage only and every other package from
// the uplink (the registry npm is configured to use). Run as a child process with an IPC channel: it
// answers `{ port }` once it listens, `{ error }` when it cannot start, and exits when its parent goes away,
// so it never outlives the check. Usage: node scripts/local-registry.cjs <storage dir> <uplink URL>
const { join } = require('node:path')
const { runServer } = require('verdaccio')

const [storage, uplink] = process.argv.slice(2)
const send = (message) => process.send?.(message)
process.on('disconnect', () => process.exit(0))

if (storage === undefined || uplink === undefined || process.send === undefined) {
  console.error('usage (as a child process with IPC): local-registry.cjs <storage dir> <uplink URL>')
  process.exit(2)
}

/** Ours are published here and never looked up upstream, so a name taken on the public registry cannot shadow them. */
const local = { access: '$all', publish: '$authenticated' }

const config = {
  self_path: storage,
  storage: join(storage, 'packages'),
  auth: { htpasswd: { file: join(storage, 'htpasswd'), max_users: 10 } },
  uplinks: { upstream: { url: uplink, timeout: '60s', max_fails: 10 } },
  packages: {
    '@contracttool/*': local,
    contracttool: local,
    '**': { access: '$all', publish: '$authenticated', proxy: 'upstream' },
  },
  log: { type: 'stdout', format: 'pretty', level: 'error' },
  max_body_size: '50mb',
  web: { enable: false },
}

runServer(config).then(
  (app) => {
    const server = app.listen(0, '127.0.0.1', () => send({ port: server.address().port }))
    server.on('error', (error) =>
      send({ error: `the registry could not listen on 127.0.0.1: ${error.message}` }),
    )
  },
  (error) => send({ error: `Verdaccio did not start: ${error.message}` }),
)
