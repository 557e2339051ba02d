/** The user's brand voices and uploaded assets: search, pages, totals and details. */
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Asset, BrandVoice, Page } from '@/utils/contract/results';
import { ServiceError, type ServiceErrorData } from '@/utils/shared/service-error';
import { formatBytes, formatDate, pageRange, voicePreferences } from '@/utils/shared/format';
import { t, tp } from '@/utils/shared/i18n';
import { sendMessage } from '@/utils/shared/messaging';
import { ErrorBox } from './JobPanel';

const PAGE_SIZE = 10;
const SEARCH_DELAY_MS = 300;

type Kind = 'voices' | 'assets';

/** Loads one page of a list; searches wait until the user pauses typing. `retry` loads it again after an error. */
function useLibraryPage<T>(kind: Kind, query: string, page: number, reloadKey: number) {
  const [result, setResult] = useState<Page<T> | null>(null);
  const [error, setError] = useState<ServiceErrorData | null>(null);
  const [loading, setLoading] = useState(true);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(0);
  useEffect(() => {
    const request = ++latest.current;
    setLoading(true);
    const timer = setTimeout(
      () => {
        const message = kind === 'voices' ? 'listBrandVoices' : 'listAssets';
        sendMessage(message, { query, page, pageSize: PAGE_SIZE })
          .then((value) => {
            if (request !== latest.current) return; // A newer search answered first, or will.
            setResult(value as Page<T>);
            setError(null);
          })
          .catch((caught: unknown) => {
            if (request !== latest.current) return;
            setError(
              caught instanceof ServiceError
                ? caught.toData()
                : { kind: 'service', message: caught instanceof Error ? caught.message : String(caught) },
            );
          })
          .finally(() => {
            if (request === latest.current) setLoading(false);
          });
      },
      query ? SEARCH_DELAY_MS : 0,
    );
    return () => clearTimeout(timer);
  }, [kind, query, page, reloadKey, attempt]);
  return { result, error, loading, retry: () => setAttempt((count) => count + 1) };
}

export function LibraryView({
  onPickVoice,
  onPickAsset,
  reloadKey = 0,
  children,
}: {
  onPickVoice?: (voice: BrandVoice) => void;
  /** A file to ground fact-grounded content in. */
  onPickAsset?: (asset: Asset) => void;
  reloadKey?: number;
  children?: preact.ComponentChildren;
}) {
  const [kind, setKind] = useState<Kind>('voices');
  return (
    <section aria-labelledby="library-heading">
      <h2 id="library-heading">{t('navLibrary')}</h2>
      <div class="row segmented" role="group" aria-label={t('libraryLists')}>
        <button type="button" aria-pressed={kind === 'voices'} onClick={() => setKind('voices')}>
          {t('brandVoices')}
        </button>
        <button type="button" aria-pressed={kind === 'assets'} onClick={() => setKind('assets')}>
          {t('assets')}
        </button>
      </div>
      {kind === 'voices' ? (
        <VoiceList onPick={onPickVoice} />
      ) : (
        <AssetList reloadKey={reloadKey} onPick={onPickAsset}>
          {children}
        </AssetList>
      )}
    </section>
  );
}

function SearchAndPages({
  label,
  query,
  setQuery,
  page,
  setPage,
  shown,
  total,
  totalKnown,
  loading,
}: {
  label: string;
  query: string;
  setQuery: (query: string) => void;
  page: number;
  setPage: (page: number) => void;
  shown: number;
  total: number | null;
  /** False when the service gave no total: a full page may have a next one, a short page is the last. */
  totalKnown: boolean;
  loading: boolean;
}) {
  const pages =
    total === null ? 1 : totalKnown ? Math.max(1, Math.ceil(total / PAGE_SIZE)) : page + (shown >= PAGE_SIZE ? 1 : 0);
  return (
    <>
      <div class="field">
        <label for="library-search">{label}</label>
        <input
          id="library-search"
          type="search"
          value={query}
          onInput={(event) => {
            setQuery(event.currentTarget.value);
            setPage(1);
          }}
        />
      </div>
      <div class="row spread">
        <span role="status" class="hint">
          {loading ? t('loading') : !total ? '' : pageRange(page, PAGE_SIZE, shown, totalKnown ? total : null)}
        </span>
        {/* Nothing to page through: the list says why it is empty, or the error why there is no list. */}
        {(loading || (total !== null && total > 0)) && (
          <span class="row">
            <button type="button" disabled={page <= 1 || loading} onClick={() => setPage(page - 1)}>
              {t('cardPrevious')}
            </button>
            <button type="button" disabled={page >= pages || loading} onClick={() => setPage(page + 1)}>
              {t('cardNext')}
            </button>
          </span>
        )}
      </div>
    </>
  );
}

/**
 * One searchable, paged list of the library: the search box and pages, an error, what an empty list or
 * search means, and the items as `renderItem` draws them.
 */
function LibraryList<T extends { id: string }>(props: {
  kind: Kind;
  searchLabel: string;
  noneYet: string;
  noMatch: (query: string) => string;
  reloadKey?: number;
  children?: preact.ComponentChildren;
  renderItem: (item: T) => preact.ComponentChildren;
}) {
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(1);
  const { result, error, loading, retry } = useLibraryPage<T>(props.kind, query, page, props.reloadKey ?? 0);
  return (
    <div>
      {props.children}
      <SearchAndPages
        label={props.searchLabel}
        {...{ query, setQuery, page, setPage, loading }}
        shown={result?.items.length ?? 0}
        total={result?.total ?? null}
        totalKnown={result?.totalKnown ?? true}
      />
      {error && !loading && <ErrorBox error={error} onRetry={retry} />}
      {result && !result.items.length && !loading && (
        <p class="hint empty">{query ? props.noMatch(query) : props.noneYet}</p>
      )}
      <ul class="library">
        {result?.items.map((item, index) => (
          <li key={item.id || `#${index}`} class="library-item">
            {props.renderItem(item)}
          </li>
        ))}
      </ul>
    </div>
  );
}

function VoiceList({ onPick }: { onPick?: (voice: BrandVoice) => void }) {
  return (
    <LibraryList<BrandVoice>
      kind="voices"
      searchLabel={t('searchVoices')}
      noneYet={t('noVoicesYet')}
      noMatch={(query) => t('noVoiceMatches', query)}
      renderItem={(voice) => (
        <details>
          <summary>{voice.name ? <bdi lang="">{voice.name}</bdi> : t('unnamedVoice')}</summary>
          {voice.writingGuidelines && (
            <p>
              <strong>{t('voiceGuidelines')}</strong> <span lang="">{voice.writingGuidelines}</span>
            </p>
          )}
          {voice.contentPolicy && (
            <p>
              <strong>{t('voiceContentPolicy')}</strong> <span lang="">{voice.contentPolicy}</span>
            </p>
          )}
          {voice.keywords.length > 0 && (
            <p>
              <strong>{t('voiceKeywords')}</strong> <span lang="">{voice.keywords.join(', ')}</span>
            </p>
          )}
          <Preferences of={voice} />
          {onPick && voice.id && (
            <button type="button" onClick={() => onPick(voice)}>
              {t('useForGeneration')}
            </button>
          )}
        </details>
      )}
    />
  );
}

/** A voice's formatting preferences, named in words (see voicePreferences). */
function Preferences({ of: voice }: { of: BrandVoice }) {
  const rows = voicePreferences(voice.preferences);
  if (!rows.length) return null;
  return (
    <dl class="preferences">
      {rows.map(({ name, value, serviceName, serviceValue }) => (
        <div key={name}>
          <dt lang={serviceName ? '' : undefined}>{name}</dt>
          <dd lang={serviceValue ? '' : undefined}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

function AssetList({
  reloadKey,
  onPick,
  children,
}: {
  reloadKey: number;
  onPick?: (asset: Asset) => void;
  children?: preact.ComponentChildren;
}) {
  return (
    <LibraryList<Asset>
      kind="assets"
      searchLabel={t('searchAssets')}
      noneYet={t('noAssetsYet')}
      noMatch={(query) => t('noAssetMatches', query)}
      reloadKey={reloadKey}
      renderItem={(asset) => (
        <>
          <strong lang="">{asset.filename}</strong>
          <p class="hint">
            {asset.fileSize !== null ? formatBytes(asset.fileSize) : t('assetSizeUnknown')}
            {asset.totalWords !== null ? ` · ${tp('assetWords', asset.totalWords)}` : ''}
            {` · ${asset.createdAt ? t('assetAdded', formatDate(asset.createdAt)) : t('assetAddedUnknown')}`}
          </p>
          {asset.description && <p lang="">{asset.description}</p>}
          {onPick && asset.id && (
            <button type="button" aria-label={t('writeFromAsset', asset.filename)} onClick={() => onPick(asset)}>
              {t('useForGeneration')}
            </button>
          )}
        </>
      )}
    >
      {children}
    </LibraryList>
  );
}
