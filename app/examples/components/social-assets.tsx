import {
  hashtagLine,
  instagramText,
  shortsText,
  threadText,
  type ExampleKit,
} from "~/examples/kit";
import { AssetIntro, AssetToolbar, Count } from "./asset-toolbar";
import { CopyButton } from "./copy-button";

const card = "mt-6 max-w-2xl rounded-2xl border border-border bg-white p-5 shadow-sm";
const prose = "leading-7 whitespace-pre-line";

export function ThreadAsset({ kit, weights }: { kit: ExampleKit; weights: number[] }) {
  const count = kit.xThread.length;
  return (
    <>
      <AssetIntro>
        {count} posts, each within X’s 280-character limit as X counts it. Copy the thread or one
        post at a time.
      </AssetIntro>
      <AssetToolbar
        copy={{ text: threadText(kit), targetId: "x-thread-posts", what: "the whole thread" }}
      />
      <ol id="x-thread-posts" className="mt-2 max-w-2xl space-y-4">
        {kit.xThread.map((post, index) => {
          const what = `post ${index + 1} of ${count}`;
          return (
            <li key={post} className={card}>
              <p id={`x-thread-post-${index + 1}`} className={prose}>
                {post}
              </p>
              <div className="mt-3 flex flex-wrap items-center justify-between gap-2 select-none">
                <span className="text-sm text-muted-foreground">
                  {weights[index]} of 280 characters
                </span>
                <CopyButton text={post} targetId={`x-thread-post-${index + 1}`} what={what} />
              </div>
            </li>
          );
        })}
      </ol>
    </>
  );
}

export function LinkedInAsset({ kit, chars }: { kit: ExampleKit; chars: number }) {
  return (
    <>
      <AssetIntro>
        A post in the host’s voice that brings the episode’s insight to LinkedIn.
      </AssetIntro>
      <AssetToolbar
        copy={{ text: kit.linkedinPost, targetId: "linkedin-text", what: "the LinkedIn post" }}
      />
      <div className={card}>
        <p id="linkedin-text" className={prose}>
          {kit.linkedinPost}
        </p>
        <Count value={chars} limit={3000} unit="characters" />
      </div>
    </>
  );
}

export function InstagramAsset({ kit, chars }: { kit: ExampleKit; chars: number }) {
  return (
    <>
      <AssetIntro>
        A caption for the carousel post, with {kit.instagram.hashtags.length} hashtags.
      </AssetIntro>
      <AssetToolbar
        copy={{ text: instagramText(kit), targetId: "instagram-text", what: "the caption" }}
      />
      <div className={card}>
        <div id="instagram-text" className={prose}>
          <p>{kit.instagram.caption}</p>
          <p className="mt-4 font-medium text-primary">{hashtagLine(kit)}</p>
        </div>
        <Count value={chars} limit={2200} unit="characters" />
      </div>
    </>
  );
}

export function VideoCaptionsAsset({ kit }: { kit: ExampleKit }) {
  const { tiktok, youtubeShorts } = kit.shortVideo;
  return (
    <>
      <AssetIntro>
        The words to post with a short clip you cut yourself from the episode: a caption for TikTok,
        and a title and description for YouTube Shorts. No plan cuts the video; the Video Clip
        Generator on our tools page is coming later.
      </AssetIntro>
      <div className={card}>
        <h3 className="font-semibold">TikTok</h3>
        <p id="tiktok-text" className={`mt-2 ${prose}`}>
          {tiktok}
        </p>
        <div className="mt-3">
          <CopyButton text={tiktok} targetId="tiktok-text" what="the TikTok caption" />
        </div>
      </div>
      <div className={card}>
        <h3 className="font-semibold">YouTube Shorts</h3>
        <div id="shorts-text" className={`mt-2 ${prose}`}>
          <p className="font-semibold">{youtubeShorts.title}</p>
          <p className="mt-4">{youtubeShorts.description}</p>
        </div>
        <div className="mt-3">
          <CopyButton
            text={shortsText(kit)}
            targetId="shorts-text"
            what="the Shorts title and description"
          />
        </div>
      </div>
    </>
  );
}
