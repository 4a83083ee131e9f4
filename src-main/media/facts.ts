// Main process / plain Node. What a media file holds, as both readers give it: main's own reading of a
// plain MP4 or MOV (mp4-facts.ts) and mediainfo on the parsers' thread (media-probe.ts).

export interface MediaFacts {
  /** Container format as the prober names it ("MPEG-4", "Matroska", "WebM", "MPEG-TS", …). */
  container: string | null;
  durationSeconds: number | null;
  width: number | null;
  height: number | null;
  videoCodec: string | null;
  audioCodec: string | null;
  frameRateMode: 'CFR' | 'VFR' | null;
  frameRate: number | null;
}
