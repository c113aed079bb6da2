// A child process of test/s3-server.ts: s3rver (a local S3-compatible server) on 127.0.0.1,
// storing in the directory it is given, with the bucket made. It prints `{"port":N}` once it
// listens and stops on SIGTERM. s3rver lists with DES continuation tokens, which OpenSSL 3 keeps
// in its legacy provider: the parent starts this with --openssl-legacy-provider.
import S3rver from 's3rver';

const { port, dir, bucket } = JSON.parse(process.argv[2] ?? '{}') as {
  port: number;
  dir: string;
  bucket: string;
};
const server = new S3rver({
  port,
  address: '127.0.0.1',
  silent: true,
  directory: dir,
  configureBuckets: [{ name: bucket }],
});
const address = await server.run();
process.stdout.write(`${JSON.stringify({ port: address.port })}\n`);
const stop = () => server.close(() => process.exit(0));
process.once('SIGTERM', stop);
// The parent holds our stdin: when it goes (even killed), so do we.
process.stdin.once('close', stop).resume();
