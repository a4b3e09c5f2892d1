// Screenshot aid, loaded with `node --import` into the server by block-shots.mjs: moves the
// process's wall clock (Date.now, which the server's systemClock reads) to NIVESH_SHOT_AT_MS and lets
// it run on from there, so the 15-minute block windows can be photographed at any hour. Never used
// by the server itself.
const target = Number(process.env.NIVESH_SHOT_AT_MS);
if (Number.isFinite(target) && target > 0) {
  const realNow = Date.now.bind(Date);
  const offsetMs = target - realNow();
  Date.now = () => realNow() + offsetMs;
}
