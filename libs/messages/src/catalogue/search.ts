/** Search, the cart and payments (000 §5, 002 §5). Part of the catalogue M (catalogue/index.ts). */
export const keywordWhitespace = '空白を含むドメイン名/キーワードは利用できません';
export const enterDomainCorrectly = 'ドメイン名を正しくご入力ください';
export const includeTld = 'TLDを含めたドメイン名を入力してください';
export const bulkMax500 = '一括登録確認の件数は500件までにしてください';
export const bulkFiveAtATime = 'ただいま一括のドメイン登録を制限しております。5ドメインずつご登録ください。';
export const noMatchingDomains = '一致するドメインがありませんでした';
export const unregistrableDomain = '{name}は登録不能ドメインのためカートに入れられませんでした';
export const cartAddFailed = 'ドメインをカートに追加できませんでした。もう一度お試しください。';
/** our choice: the spec has a maximum cart size but does not show its message */
export const addAllConfirm = '{count}件のドメインをカートに追加します。よろしいですか？';
export const cartClearConfirm = 'カートの{count}件のドメインをすべて削除します。よろしいですか？';
export const guestPicksNote = '選択中のドメイン：{names}。ログインまたは新規登録をすると、カートに入った状態で購入手続きに進めます。';
export const cartFull = 'カートに入れられるドメインは{max}件までです。{name}以降は追加されませんでした';
/** payments (texts not shown in the spec; our choices) */
export const cardDeclined = 'カードが拒否されました。別のカードをお試しください。';
export const cardAuthenticationFailed = 'カードの本人認証（3Dセキュア）に失敗しました。';
export const cardNotFound = '選択されたカードが見つかりません。カードを登録し直してください。';
export const paymentAmountChanged = 'お支払い金額が変わりました。画面を再読み込みしてください。';
export const paymentNotNeeded = 'ポイントで全額お支払いいただけるため、カード決済は不要です。';
export const pointsInsufficient = 'ポイントが不足しています';
export const bankTransferAmountRange = 'お振込金額は{min}円以上{max}円以下でご指定ください';
export const registerButtonGuest = '登録する';
export const addToCart = 'カート追加';
/** member search once the month's campaign slots are used (or taken by the cart): the prices shown are what checkout charges */
export const campaignSlotsUsed = '今月のキャンペーン価格の適用枠（{limit}件）を使い切ったため、通常価格を表示しています。';
