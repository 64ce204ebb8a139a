// Property tests run on a fixed seed, so a red build can be reproduced exactly.
// FC_SEED=<n> picks another seed; FC_SEED=random explores with a fresh one each run.
import fc from "fast-check";

const requested = process.env.FC_SEED;
if (requested !== "random") fc.configureGlobal({ seed: requested ? Number(requested) : 20261129 });
