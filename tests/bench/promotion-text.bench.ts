import { DEFAULT_OPT_OUT_WORDS, campaignSegments } from '../../shared/domain/promotion-text';

/**
 * A campaign's total segments over 100,000 rows, as the screen counts it before sending, for an English
 * (GSM-7) and an Arabic (UCS-2) template with both placeholders. Floor, same run: the same loop over the
 * same rows doing only the string concatenation a filled text needs, and that plus reading each character
 * of it once. Median of 7 runs after a warm-up.
 * Figures, not a test.
 */
const ROWS = 100_000;
const RUNS = 7;

const first = ['Ahmed', 'Sara', 'Khalid', 'Noura', 'Fahad', 'Huda', 'Omar', 'Layla', 'Faisal', 'Reem'];
const firstAr = ['أحمد', 'سارة', 'خالد', 'نورة', 'فهد', 'هدى', 'عمر', 'ليلى', 'فيصل', 'ريم'];
const family = ['Alharbi', 'Alqahtani', 'Alghamdi', 'Alzahrani', 'Aldosari', 'Alotaibi', 'Alshehri'];
const familyAr = ['الحربي', 'القحطاني', 'الغامدي', 'الزهراني', 'الدوسري', 'العتيبي', 'الشهري'];

const rowsOf = (given: string[], families: string[]) =>
  Array.from({ length: ROWS }, (_, i) => ({
    name: `${given[i % given.length]!} ${families[(i >> 3) % families.length]!}`,
    kid: given[(i * 7 + 3) % given.length]!,
  }));

const templates = [
  {
    label: 'English',
    template:
      'Dear {name}, {kid} is invited to our weekend party at PlayDesk: 20% off every pass, Friday and Saturday only. Book at the counter!',
    rows: rowsOf(first, family),
    words: DEFAULT_OPT_OUT_WORDS.en,
  },
  {
    label: 'Arabic',
    template:
      'عزيزنا {name}، {kid} مدعو لحفلة نهاية الأسبوع في بلاي ديسك: خصم ٢٠٪ على كل الباقات يومي الجمعة والسبت فقط!',
    rows: rowsOf(firstAr, familyAr),
    words: DEFAULT_OPT_OUT_WORDS.ar,
  },
];

function median(measure: () => number): number {
  measure(); // warm: JIT
  const times = Array.from({ length: RUNS }, () => {
    const t0 = performance.now();
    measure();
    return performance.now() - t0;
  });
  return times.sort((a, b) => a - b)[RUNS >> 1]!;
}

export function run(): Promise<void> {
  console.log(`\ncampaign total segments over ${ROWS.toLocaleString('en')} rows, median of ${RUNS}`);
  for (const { label, template, rows, words } of templates) {
    const [before, between, after] = template.split(/\{name\}|\{kid\}/) as [string, string, string];
    let segments = 0;
    const counted = median(() => (segments = campaignSegments(template, rows, DEFAULT_OPT_OUT_WORDS).segments));
    const concatenated = (row: { name: string; kid: string }) =>
      `${before}${row.name}${between}${row.kid}${after}\n${words}`;
    // V8 joins strings lazily, so concatenation alone never reads the text; any count must, once.
    const floors = {
      'floor: concatenation': median(() => {
        let length = 0;
        for (const row of rows) length += concatenated(row).length;
        return length;
      }),
      'floor: + one read a char': median(() => {
        let sum = 0;
        for (const row of rows) {
          const text = concatenated(row);
          for (let i = 0; i < text.length; i++) sum += text.charCodeAt(i);
        }
        return sum;
      }),
    };
    const rate = (ms: number) => `${Math.round((ROWS / ms) * 1000).toLocaleString('en')} rows/s`.padStart(17);
    console.log(`${`${label}: campaignSegments`.padEnd(34)} ${rate(counted)}   ${segments} segments`);
    for (const [name, ms] of Object.entries(floors))
      console.log(
        `${`${label}: ${name}`.padEnd(34)} ${rate(ms)}   campaignSegments ×${(counted / ms).toFixed(1)} its time`,
      );
  }
  return Promise.resolve();
}
